import type { ReactNode } from 'react';
import type { Usage as UsageData } from '../../../src/shared/events';
import { usageLine } from '../../../src/shared/format';
import { t } from '../l10n';
import { TEST_IDS } from '../testIds';

const fmt = new Intl.NumberFormat();

/** A turn's token usage, in the same words as the Markdown export (one formatter for both). */
export function Usage({ usage, model, locale }: { usage: UsageData; model?: string; locale?: string }): ReactNode {
  const title = t('usageTitle', fmt.format(usage.inputTokens), fmt.format(usage.outputTokens), fmt.format(usage.cacheReadTokens), fmt.format(usage.cacheCreationTokens));
  return (
    <span className="usage" data-testid={TEST_IDS.usage} title={model ? `${model}. ${title}` : title}>
      {usageLine(usage, locale)}
    </span>
  );
}
