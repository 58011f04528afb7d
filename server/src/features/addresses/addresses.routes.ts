import type { FastifyInstance } from 'fastify';
import { addAddress, deleteAddress, listAddresses, selectAddress, updateAddress } from '#contract';
import { route } from '#server/lib/route.ts';
import type { AddressesService } from './addresses.service.ts';

export function addressRoutes(addresses: AddressesService) {
  return async (app: FastifyInstance) => {
    route(app, listAddresses, ({ user }) => addresses.listAddresses(user.id));
    route(app, addAddress, ({ user, body }) => addresses.addAddress(user.id, body), {
      status: 201,
    });
    route(app, updateAddress, ({ user, params, body }) =>
      addresses.updateAddress(user.id, params.id, body),
    );
    route(app, selectAddress, ({ user, params }) => addresses.selectAddress(user.id, params.id));
    route(app, deleteAddress, async ({ user, params }) => {
      await addresses.deleteAddress(user.id, params.id);
      return null;
    });
  };
}
