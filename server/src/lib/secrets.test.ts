import { describe, expect, it } from 'vitest';
import { REDACTED, withSecretsRedacted } from './secrets.ts';

describe('withSecretsRedacted', () => {
  it.each([
    [
      'a reset link in text',
      'Choose a new password: https://shop.example/reset-password?token=Ab-12_cd',
      `Choose a new password: https://shop.example/reset-password?token=${REDACTED}`,
    ],
    [
      'a link in HTML, the token after another parameter',
      '<a href="https://shop.example/confirm-email?email=a%40b.in&amp;token=xyz789">Confirm</a>',
      `<a href="https://shop.example/confirm-email?email=a%40b.in&amp;token=${REDACTED}">Confirm</a>`,
    ],
    [
      'a parameter named after its token, followed by another',
      'https://shop.example/stock-alert?confirmToken=s3cr3t&size=M#top',
      `https://shop.example/stock-alert?confirmToken=${REDACTED}&size=M#top`,
    ],
  ])('hides the token of %s', (_, text, shown) => {
    expect(withSecretsRedacted(text)).toBe(shown);
  });

  it('hides a password or a secret in a query too', () => {
    expect(withSecretsRedacted('/login?email=a%40b.in&password=hunter2&client_secret=x1')).toBe(
      `/login?email=a%40b.in&password=${REDACTED}&client_secret=${REDACTED}`,
    );
  });

  it('leaves links without a token, and words that merely contain one, as they are', () => {
    const text = 'View your order: https://shop.example/order/42?tab=tokens. Token=words stay.';
    expect(withSecretsRedacted(text)).toBe(text);
  });
});
