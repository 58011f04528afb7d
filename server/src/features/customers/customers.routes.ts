import type { FastifyInstance } from 'fastify';
import { getAdminCustomer, listAdminCustomers } from '#contract';
import { route } from '#server/lib/route.ts';
import type { CustomersService } from './customers.service.ts';

/** The owner's customers (issue 27): route() answers 401/403 to everyone but an admin. */
export function customersRoutes(customers: CustomersService) {
  return async (app: FastifyInstance) => {
    route(app, listAdminCustomers, ({ query }) => customers.listCustomers(query));
    route(app, getAdminCustomer, ({ params }) => customers.getCustomer(params.id));
  };
}
