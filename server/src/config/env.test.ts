import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig: server timeouts and connection cap', () => {
  it('has defaults that close stalled clients well before a minute of silence', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 500,
      bodyTimeoutMs: 10_000,
      maxConnectionsPerAddress: 50,
    });
  });

  it('bounds connections per address only when asked behind a trusted proxy (all its connections are the proxy’s)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).maxConnectionsPerAddress).toBeUndefined();
    expect(
      loadConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '400' })
        .maxConnectionsPerAddress,
    ).toBe(400);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(
      'MAX_CONNECTIONS_PER_ADDRESS',
    );
  });

  it('refuses a headers timeout longer than the request timeout, and timeouts that are not positive', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      'HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS',
    );
    expect(() => loadConfig({ IDLE_TIMEOUT_MS: '0' })).toThrow('IDLE_TIMEOUT_MS');
    expect(() => loadConfig({ BODY_TIMEOUT_MS: '0' })).toThrow('BODY_TIMEOUT_MS');
    expect(() => loadConfig({ MAX_CONNECTIONS: 'many' })).toThrow('MAX_CONNECTIONS');
  });
});

describe('loadConfig: password hashing cost', () => {
  it('hashes at OWASP cost unless a test run asks for less', () => {
    expect(loadConfig({}).passwordHashCost).toBe('owasp');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost).toBe(
      'test',
    );
  });

  it('refuses the test cost to a shop', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toThrow(
        'PASSWORD_HASH_COST: test is for test runs only',
      );
    }
  });
});

describe('loadConfig: the public URL', () => {
  it('defaults to this machine and port, and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe(
      'https://shop.example',
    );
  });

  it('refuses a value that is not an http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example' })).toThrow('PUBLIC_URL');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow('PUBLIC_URL');
  });
});

describe('loadConfig: rate limits', () => {
  it('limits pages per client address apart from the API, and refuses a limit that is not a positive whole number', () => {
    expect(loadConfig({})).toMatchObject({ rateLimitPerMinute: 1000, pageRateLimitPerMinute: 300 });
    expect(loadConfig({ PAGE_RATE_LIMIT_PER_MINUTE: '60' }).pageRateLimitPerMinute).toBe(60);
    for (const value of ['0', '-5', '2.5', 'many']) {
      expect(() => loadConfig({ PAGE_RATE_LIMIT_PER_MINUTE: value })).toThrow(
        'PAGE_RATE_LIMIT_PER_MINUTE',
      );
    }
  });
});

describe('loadConfig: backups', () => {
  it('backs up daily into ./backups and keeps seven, and takes fractions of an hour', () => {
    expect(loadConfig({}).backups).toEqual({
      dir: resolve('./backups'),
      everyHours: 24,
      keep: 7,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0.5' }).backups.everyHours).toBe(0.5);
  });

  it('refuses a backup folder inside the data folder, and keeping no backup', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/srv/shop/backups' })).toThrow(
      'BACKUP_DIR: must be outside DATA_DIR',
    );
    expect(loadConfig({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/srv/shop-backups' }).backups.dir).toBe(
      '/srv/shop-backups',
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP');
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '-1' })).toThrow('BACKUP_EVERY_HOURS');
  });
});

describe('loadConfig: Razorpay', () => {
  const keys = {
    RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
    RAZORPAY_KEY_SECRET: 'thisissecret',
    RAZORPAY_WEBHOOK_SECRET: 'hooksecret',
  };

  it('takes test payments without keys, and Razorpay with all three', () => {
    expect(loadConfig({}).payments).toEqual({
      razorpay: undefined,
      paymentWindowMs: 1_800_000,
      sweepEveryMs: 60_000,
    });
    expect(loadConfig({ ...keys, RAZORPAY_API_URL: 'http://127.0.0.1:9/' }).payments).toEqual({
      razorpay: {
        keyId: keys.RAZORPAY_KEY_ID,
        keySecret: keys.RAZORPAY_KEY_SECRET,
        webhookSecret: keys.RAZORPAY_WEBHOOK_SECRET,
        apiUrl: 'http://127.0.0.1:9',
        checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      },
      paymentWindowMs: 1_800_000,
      sweepEveryMs: 60_000,
    });
  });

  it('takes a payment window in fractions of a minute and a quicker sweep, for a test shop', () => {
    const payments = loadConfig({
      PAYMENT_WINDOW_MINUTES: '0.5',
      PAYMENT_SWEEP_MS: '1000',
    }).payments;
    expect(payments.paymentWindowMs).toBe(30_000);
    expect(payments.sweepEveryMs).toBe(1000);
    expect(() => loadConfig({ PAYMENT_WINDOW_MINUTES: '0' })).toThrow('PAYMENT_WINDOW_MINUTES');
    expect(() => loadConfig({ PAYMENT_SWEEP_MS: '10' })).toThrow('PAYMENT_SWEEP_MS');
  });

  it('refuses half a configuration and a key id that is not one', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(
      'RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set together, or neither',
    );
    expect(() =>
      loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: 'x' }),
    ).toThrow('RAZORPAY_WEBHOOK_SECRET');
    expect(() => loadConfig({ ...keys, RAZORPAY_KEY_ID: 'key_123' })).toThrow(
      'RAZORPAY_KEY_ID: must be a Razorpay key id',
    );
  });
});
