// What a reply cost, in money: "Cost: $0.012". The token counts behind it are in the tooltip, for
// whoever wants them. A model without a known price says so ("Cost not known"), and the offline
// demo's scripted replies say they cost nothing: a teacher reads a cost, never a token count. The
// same formatter as the Markdown export and the header's session total.
import type { ReactNode } from 'react';
import type { Usage as UsageData } from '../../../src/shared/events';
import { formatCost, usageLine } from '../../../src/shared/format';
import type { Charge, Spend } from '../../../src/shared/spend';
import { chargeOf } from '../../../src/shared/spend';
import { t } from '../l10n';
import { TEST_IDS } from '../testIds';

/** "$0.012", or "less than $0.01", in the panel's language. */
export function costText(usd: number, locale: string | undefined): string {
  return formatCost(usd, locale, t('costBelow'));
}

/** "13,312 in · 303 out · 6,490 cached", in the panel's language. */
function tokenCounts(usage: UsageData, locale: string | undefined): string {
  return usageLine(usage, locale, t('tokenCounts'));
}

/** The tooltip's token detail, with the model that answered when known. */
function tokensTitle(usage: UsageData, model: string | undefined, locale: string | undefined): string {
  const line = tokenCounts(usage, locale);
  return model ? t('modelTokensDetail', model, line) : t('tokensDetail', line);
}

/** The header's tooltip line for the session so far: what it cost, then its tokens. */
export function sessionSpendTitle(spent: Spend, charge: Charge, locale: string | undefined): string {
  const line = tokenCounts(spent.usage, locale);
  if (charge.kind === 'cost') return t('sessionCost', costText(charge.usd, locale), line);
  return t(charge.kind === 'free' ? 'sessionDemo' : 'sessionTokens', line);
}

export function Usage({ usage, cost, model, locale }: { usage: UsageData; cost?: number | undefined; model?: string | undefined; locale?: string | undefined }): ReactNode {
  const charge = chargeOf([{ usage, cost, model }]) ?? { kind: 'unknown' };
  if (charge.kind === 'cost') {
    return (
      <span className="usage" data-testid={TEST_IDS.usage} data-priced="true" title={tokensTitle(usage, model, locale)}>
        {t('replyCost', costText(charge.usd, locale))}
      </span>
    );
  }
  const free = charge.kind === 'free';
  const tokens = t('tokensDetail', tokenCounts(usage, locale));
  const why = free ? t('demoDetail') : model ? t('noPrice', model) : undefined;
  return (
    <span className="usage" data-testid={TEST_IDS.usage} data-priced={free ? 'demo' : 'false'} title={why ? `${why} ${tokens}` : tokens}>
      {free ? t('demoNoCharge') : t('costUnknown')}
    </span>
  );
}
