import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  logoutEverywhere,
  resetPassword,
  signup,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService) {
  return async (app: FastifyInstance) => {
    route(app, signup, ({ body, request }) => auth.signup(body, request.ip), { status: 201 });
    route(app, login, ({ body, request }) => auth.login(body, request.ip));
    route(app, logout, async ({ user }) => {
      await auth.logout(user);
      return null;
    });
    route(app, logoutEverywhere, async ({ user }) => {
      await auth.logoutEverywhere(user);
      return null;
    });
    route(app, changePassword, async ({ user, body }) => {
      await auth.changePassword(user, body);
      return null;
    });
    route(app, forgotPassword, ({ body, request }) => auth.forgotPassword(body, request.ip));
    route(app, resetPassword, ({ body, request }) => auth.resetPassword(body, request.ip));
  };
}
