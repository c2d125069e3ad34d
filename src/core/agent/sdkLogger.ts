// The Anthropic SDK's log (ANTHROPIC_LOG=debug, or the logLevel option) through our own writer:
// the CLI sends it to stderr (stdout is JSON events only), the extension to its log channel, and
// every line is scrubbed of the key first, wherever in the request or the reply it was echoed.
import type { ClientOptions } from '@anthropic-ai/sdk';
import { inspect } from 'node:util';
import { scrubSecrets } from './errors';

export type SdkLogLevel = 'error' | 'warn' | 'info' | 'debug';

export function sdkLogger(write: (level: SdkLogLevel, line: string) => void, secrets: readonly (string | undefined)[]): NonNullable<ClientOptions['logger']> {
  const at =
    (level: SdkLogLevel) =>
    (message: string, ...rest: unknown[]): void => {
      const parts = [message, ...rest.map((r) => (typeof r === 'string' ? r : inspect(r, { depth: 6, breakLength: Infinity })))];
      write(level, scrubSecrets(parts.join(' '), secrets));
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
