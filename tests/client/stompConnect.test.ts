import { afterEach, describe, expect, it } from 'vitest';
import { liveClient } from '../../src/client/game/connect';
import { accessTokenAtom } from '../../src/client/state/sessionAtom';
import { store } from '../../src/client/state/store';

afterEach(() => store.set(accessTokenAtom, null));

describe('the STOMP client', () => {
  it("sends the player's current access token on every CONNECT, and none when signed out", async () => {
    const client = liveClient('ws://127.0.0.1:9/api/v1/ws/init');
    store.set(accessTokenAtom, 'token-1');
    await client.beforeConnect(client);
    expect(client.connectHeaders).toEqual({ authorization: 'Bearer token-1' });
    store.set(accessTokenAtom, null);
    await client.beforeConnect(client);
    expect(client.connectHeaders).toEqual({});
  });
});
