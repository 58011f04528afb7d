import type { FastifyInstance } from 'fastify';
import {
  addCartItem,
  createManyCartItems,
  getCart,
  getCartOptions,
  getCartQuote,
  mergeCart,
  removeCartItem,
  selectAllCartItems,
  updateCartItem,
  updateCartOptions,
} from '#contract';
import { route } from '#server/lib/route.ts';
import type { CartService } from './cart.service.ts';

export function cartRoutes(cart: CartService) {
  return async (app: FastifyInstance) => {
    route(app, getCart, ({ user }) => cart.getCart(user.id));
    route(app, addCartItem, ({ user, body }) => cart.addCartItem(user.id, body), { status: 201 });
    route(app, createManyCartItems, ({ user, body }) => cart.createManyCartItems(user.id, body), {
      status: 201,
    });
    route(app, updateCartItem, ({ user, params, body }) =>
      cart.updateCartItem(user.id, params.id, body),
    );
    route(app, selectAllCartItems, ({ user, body }) =>
      cart.selectAllCartItems(user.id, body.selected),
    );
    route(app, removeCartItem, async ({ user, params }) => {
      await cart.removeCartItem(user.id, params.id);
      return null;
    });
    route(app, mergeCart, ({ user, body }) => cart.mergeCart(user.id, body));
    route(app, getCartQuote, ({ user, query }) => cart.getCartQuote(user.id, query));
    route(app, getCartOptions, ({ user }) => cart.getCartOptions(user.id));
    route(app, updateCartOptions, ({ user, body }) => cart.updateCartOptions(user.id, body));
  };
}
