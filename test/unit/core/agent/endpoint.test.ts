import * as assert from 'node:assert/strict';
import { DEMO_KEY, modelEndpoint } from '../../../../src/core/agent/endpoint';

const LOCAL_DEMO = 'http://127.0.0.1:4567';

describe('model endpoint', () => {
  it('the offline demo uses the local scripted model while no key exists', () => {
    assert.deepEqual(modelEndpoint({ settingBaseUrl: '', realKey: undefined, demoEnabled: true, demoBaseUrl: LOCAL_DEMO }), {
      apiKey: DEMO_KEY,
      baseURL: LOCAL_DEMO,
      demo: true,
    });
  });

  it('a real key never goes to the demo model, even with the demo on', () => {
    const endpoint = modelEndpoint({ settingBaseUrl: '', realKey: 'sk-ant-real', demoEnabled: true, demoBaseUrl: LOCAL_DEMO });
    assert.deepEqual(endpoint, { apiKey: 'sk-ant-real', baseURL: undefined, demo: false });
  });

  it('a real key goes to the endpoint the user set', () => {
    const endpoint = modelEndpoint({ settingBaseUrl: ' https://gateway.example/anthropic ', realKey: 'sk-ant-real', demoEnabled: false, demoBaseUrl: undefined });
    assert.equal(endpoint?.baseURL, 'https://gateway.example/anthropic');
  });

  it('no key and no demo: nothing to talk to', () => {
    assert.equal(modelEndpoint({ settingBaseUrl: '', realKey: undefined, demoEnabled: false, demoBaseUrl: LOCAL_DEMO }), undefined);
  });
});
