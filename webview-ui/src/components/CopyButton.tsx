import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { t } from '../l10n';
import { Button } from '../ui/Button';
import { logToHost } from '../vscodeApi';

/** Copies text to the clipboard and says so for a moment. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (): void => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      (e: unknown) => logToHost('warn', `copy failed: ${String(e)}`),
    );
  };
  return <Button appearance="icon" icon={copied ? 'check' : 'copy'} label={copied ? t('copied') : label} onClick={copy} testId={testId} />;
}
