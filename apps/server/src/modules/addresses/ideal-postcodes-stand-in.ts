import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { address, errors, postcodes } from '@ideal-postcodes/api-fixtures';

/**
 * A local stand-in for Ideal Postcodes' postcode look-up (GET /v1/postcodes/{postcode}?api_key=…),
 * answering with the replies recorded from the real API in @ideal-postcodes/api-fixtures: the
 * addresses of the fixtures' postcodes (SW1A 2AA, CV4 7AL, G46 8NG, NP26 3DG, BT70 1HX, JE1 8SB,
 * GY1 3AQ, IM1 3AJ), 404 code 4040 for any other, 401 code 4010 for a wrong key. `behave` makes it
 * fail the way a real service can: answer 500 or 503, or hold the request without answering.
 * For tests and local runs only (IDEAL_POSTCODES_URL); it is not part of the server.
 */
export type StandInBehaviour = 'normal' | 'error500' | 'error503' | 'hang';

type Fixture = { httpStatus: number; body?: unknown };
type Address = { postcode: string };

function fixtureAddresses(): Map<string, Address[]> {
  const byPostcode = new Map<string, Address[]>();
  const add = (a: Address) => {
    const key = a.postcode.replace(/\s+/g, '').toUpperCase();
    byPostcode.set(key, [...(byPostcode.get(key) ?? []), a]);
  };
  for (const a of postcodes.success.body.result as Address[]) add(a);
  for (const a of (postcodes.multipleResidence.success.body.result as Address[]).slice(0, 12)) add(a);
  for (const a of Object.values(address) as Address[]) if (!byPostcode.has(a.postcode.replace(/\s+/g, ''))) add(a);
  return byPostcode;
}

export async function startIdealPostcodesStandIn(opts: { apiKey: string }) {
  const known = fixtureAddresses();
  let behaviour: StandInBehaviour = 'normal';
  const requests: { path: string; apiKey: string | null }[] = [];
  const held = new Set<ServerResponse>();

  const send = (res: ServerResponse, f: Fixture) => res.writeHead(f.httpStatus, { 'content-type': 'application/json' }).end(JSON.stringify(f.body ?? {}));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const apiKey = url.searchParams.get('api_key');
    requests.push({ path: url.pathname, apiKey });
    if (behaviour === 'hang') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (behaviour === 'error500') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    if (behaviour === 'error503') return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":5030,"message":"Service unavailable"}');
    const m = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (!m) return send(res, { httpStatus: 404, body: { code: 4044, message: 'Resource not found' } });
    if (apiKey !== opts.apiKey) return send(res, errors.invalidKey);
    const postcode = decodeURIComponent(m[1]).replace(/\s+/g, '').toUpperCase();
    const found = known.get(postcode);
    if (!found) return send(res, postcodes.notFound);
    return send(res, { httpStatus: 200, body: { ...postcodes.success.body, result: found, total: found.length, limit: 100 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  return {
    url,
    requests,
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
