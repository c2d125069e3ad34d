// Where model requests go and with which key: the offline demo's local scripted model only
// while no real key exists; a real key only ever goes to Claude or to the endpoint the user set.

export const DEMO_KEY = 'offline-demo';

export interface EndpointInput {
  /** The lessonAgent.baseUrl setting ('' when unset). */
  readonly settingBaseUrl: string;
  /** The stored key, else ANTHROPIC_API_KEY. */
  readonly realKey: string | undefined;
  /** LESSON_AGENT_DEMO === '1' (npm start without a key). */
  readonly demoEnabled: boolean;
  /** LESSON_AGENT_BASE_URL: the demo's local model. */
  readonly demoBaseUrl: string | undefined;
}

export type Endpoint = { readonly apiKey: string; readonly baseURL: string | undefined; readonly demo: boolean } | undefined;

/** undefined: no key and no demo, so there is nothing to talk to. */
export function modelEndpoint(input: EndpointInput): Endpoint {
  const baseURL = input.settingBaseUrl.trim() || undefined;
  if (input.realKey) return { apiKey: input.realKey, baseURL, demo: false };
  if (input.demoEnabled) return { apiKey: DEMO_KEY, baseURL: baseURL ?? input.demoBaseUrl, demo: true };
  return undefined;
}
