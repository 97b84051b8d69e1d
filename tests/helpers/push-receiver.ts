/**
 * A push service of our own for the tests: an HTTPS server (tests/fixtures/push-receiver/) that takes Web Push
 * requests as a browser vendor's push service would, checks their VAPID signature (RFC 8292) and decrypts their
 * aes128gcm payload (RFC 8188, RFC 8291) with the private key of the "browser" it made the subscription for. Tests
 * make a device (`device()`), subscribe its endpoint and keys through the API, and read what arrived (`waitFor`).
 * A device can be told to answer with other statuses (410, 500…) to see how the sender copes.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

const FIXTURES = new URL('../fixtures/push-receiver/', import.meta.url);
export const PUSH_RECEIVER_CERT = readFileSync(new URL('cert.pem', FIXTURES), 'utf8');
/** The certificate's file, for NODE_EXTRA_CA_CERTS. */
export const PUSH_RECEIVER_CERT_FILE = new URL('cert.pem', FIXTURES).pathname;

export type PushDevice = {
  id: string;
  endpoint: string;
  /** What PushSubscription.toJSON() gives: the browser's public key and auth secret, base64url. */
  keys: { p256dh: string; auth: string };
};

export type ReceivedPush = {
  device: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  /** The VAPID public key (`k`) the signature was checked with, and the JWT's claims. */
  vapid: { publicKey: string; claims: { aud: string; exp: number; sub: string } };
  /** When it arrived (Date.now()). */
  at: number;
};

type Device = PushDevice & { ecdh: ECDH; authSecret: Buffer; answers: number[] };

/** RFC 8291: the payload of one aes128gcm push, decrypted with the receiving browser's keys. */
export function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low bytes (records in a push are far fewer than 2^32).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Each record ends with its delimiter (2 for the last, 1 before) and then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 1 && padded[end] !== 2) throw new Error('push record without its padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** RFC 8292: checks `Authorization: vapid t=<JWT>, k=<public key>` and answers the key and the claims. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, publicKey] = match;
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.');
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('the VAPID signature does not verify');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['vapid']['claims'];
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, expected ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { publicKey, claims };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

/** Starts the push service on 127.0.0.1 (`port` 0: any free one). */
export async function startPushReceiver(port = 0) {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  /** Every request that reached a device, whatever it was answered (retries included). */
  const attempts: { device: string; status: number; at: number }[] = [];
  const problems: string[] = [];
  let origin = '';

  const server: Server = createServer({ cert: PUSH_RECEIVER_CERT, key: readFileSync(new URL('key.pem', FIXTURES)) }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const device = devices.get(id);
    if (req.method !== 'POST' || !device) return void res.writeHead(404).end();
    const status = device.answers.shift() ?? 201;
    attempts.push({ device: id, status, at: Date.now() });
    if (status !== 201) return void res.writeHead(status).end();
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
      const vapid = checkVapid(req.headers.authorization, origin);
      const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device.ecdh, device.authSecret).toString('utf8')) as unknown;
      const urgency = req.headers.urgency;
      received.push({
        device: id,
        payload,
        ttl: Number(req.headers.ttl),
        urgency: typeof urgency === 'string' ? urgency : null,
        vapid,
        at: Date.now(),
      });
      res.writeHead(201, { location: `${origin}/message/${randomBytes(6).toString('hex')}` }).end();
    } catch (error) {
      problems.push((error as Error).message);
      res.writeHead(400).end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${bound}`;

  return {
    /** For PUSH_ALLOW_HOSTS. */
    hostPort: `127.0.0.1:${bound}`,
    received,
    attempts,
    /** Requests it could not take (a bad signature, an undecryptable payload): a test expects none. */
    problems,
    /** A new browser subscription: its endpoint and keys, with its private key kept here to decrypt what it gets. */
    device(): PushDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      const device: Device = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
        answers: [],
      };
      devices.set(id, device);
      return { id, endpoint: device.endpoint, keys: device.keys };
    },
    /** The next requests to this device are answered with these statuses (then 201 again). */
    answer(device: PushDevice, ...statuses: number[]) {
      devices.get(device.id)!.answers.push(...statuses);
    },
    /** What this device received so far. */
    pushesTo: (device: PushDevice) => received.filter((push) => push.device === device.id),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
