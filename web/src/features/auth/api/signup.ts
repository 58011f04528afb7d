import { type SignupBody, signup as signupEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** POST /api/v1/auth/signup: creates the account and answers with its first session. */
export function signup(body: SignupBody) {
  return apiCall(signupEndpoint, { body });
}
