// Entry point of the chat webview.
import '../../src/shared/zodConfig';
import '@vscode/codicons/dist/codicon.css';
import './styles/base.css';
import './styles/messages.css';
import './styles/cards.css';
import './styles/actions.css';
import './styles/rewind.css';

import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { ErrorBoundary } from './components/ErrorBoundary';

const container = document.getElementById('root');
if (container) {
  // No StrictMode: its doubled effects would say `ready` twice and make the host send two snapshots.
  createRoot(container).render(
    <ErrorBoundary what="the chat panel">
      <App />
    </ErrorBoundary>,
  );
}
