// Entry point of the lesson preview webview.
import '../../../src/shared/zodConfig';
import '@vscode/codicons/dist/codicon.css';
import '../styles/base.css';
import './preview.css';

import { createRoot } from 'react-dom/client';
import { PreviewApp } from './PreviewApp';
import { PreviewBoundary } from './PreviewBoundary';

const container = document.getElementById('root');
if (container) {
  // No StrictMode: its doubled effects would say `ready` twice and make the host send the document twice.
  createRoot(container).render(
    <PreviewBoundary what="the lesson preview">
      <PreviewApp />
    </PreviewBoundary>,
  );
}
