/** What is shown in place of a secret: in the admin's outbox, in the log. */
export const REDACTED = 'REDACTED';

/**
 * A query parameter that carries a secret: `token`, `password` or `secret`,
 * or a name ending in one (`resetToken`, `confirm_token`), in a plain URL or
 * an HTML-escaped one (`&amp;token=`). Its value runs to the next `&`, `#`,
 * quote, bracket or space.
 */
const SECRET_PARAMETER = /([?&](?:amp;)?[\w-]*(?:token|password|secret)=)[^&#\s"'<>]+/gi;

/**
 * Text (a URL, an email) with the value of every secret query parameter
 * replaced by REDACTED: a reset or confirmation link lets whoever opens it
 * act as its recipient (issue 23). Any link that puts its secret in such a
 * parameter is covered without more code.
 */
export const withSecretsRedacted = (text: string) =>
  text.replace(SECRET_PARAMETER, (_, parameter: string) => `${parameter}${REDACTED}`);
