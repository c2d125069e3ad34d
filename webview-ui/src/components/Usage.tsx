import type { ReactNode } from 'react';
import type { Usage as UsageData } from '../../../src/shared/events';
import { t } from '../l10n';
import { TEST_IDS } from '../testIds';

const fmt = new Intl.NumberFormat();

/** A turn's token usage; cache hits are the input tokens read from the prompt cache. */
export function Usage({ usage, model }: { usage: UsageData; model?: string }): ReactNode {
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
  const title = t('usageTitle', fmt.format(usage.inputTokens), fmt.format(usage.outputTokens), fmt.format(usage.cacheReadTokens), fmt.format(usage.cacheCreationTokens));
  return (
    <span className="usage" data-testid={TEST_IDS.usage} title={model ? `${model}. ${title}` : title}>
      {t('usage', fmt.format(input), fmt.format(usage.outputTokens), fmt.format(usage.cacheReadTokens))}
    </span>
  );
}
