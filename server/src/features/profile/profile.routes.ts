import type { FastifyInstance } from 'fastify';
import { cancelEmailChange, confirmEmailChange, getProfile, updateProfile } from '#contract';
import { route } from '#server/lib/route.ts';
import type { ProfileService } from './profile.service.ts';

export function profileRoutes(profile: ProfileService) {
  return async (app: FastifyInstance) => {
    route(app, getProfile, ({ user }) => profile.getProfile(user.id));
    route(app, updateProfile, ({ user, body }) => profile.updateProfile(user, body));
    route(app, confirmEmailChange, ({ body }) => profile.confirmEmailChange(body));
    route(app, cancelEmailChange, ({ body }) => profile.cancelEmailChange(body));
  };
}
