import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BulkUpdateLocationsBody,
  BulkUpdateLocationsResponse,
  CreateLocationBody,
  CreateTransactionBody,
  DeleteLocationTypesBody,
  IdParams,
  ListLocationsQuery,
  ListLocationsWithTransactionsQuery,
  ListLocationTypesQuery,
  ListTransactionsQuery,
  LocationPage,
  LocationResponse,
  LocationTypeBody,
  LocationTypePage,
  LocationTypeResponse,
  LocationWithTransactionsPage,
  MoveStockBody,
  MoveStockResponse,
  ProductInventoriesQuery,
  ProductInventoriesResponse,
  StocktakingQuery,
  StocktakingResponse,
  TransactionPage,
  TransactionResponse,
  TransactionsByIdsQuery,
  TransactionsByIdsResponse,
  UpdateLocationBody,
  UpdateTransactionBody,
} from '@kontor/contract';
import { inventoryLocationTypes, inventoryLocations, inventoryTransactions } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as locationTypes from './location-types.service.js';
import * as locations from './locations.service.js';
import * as stocktakingService from './stocktaking.service.js';
import * as transactions from './transactions.service.js';

/** Locations, their types, the stock ledger, per-product inventories and stocktaking (spec §7 "Inventory"). */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inventory'];
  const noContent = { 204: z.null() };

  // ---- Location types ----
  app.get(
    '/catalog/inventory_location_types/',
    { schema: { tags, querystring: ListLocationTypesQuery, response: { 200: LocationTypePage } } },
    async (request) => locationTypes.listLocationTypes(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.post(
    '/catalog/inventory_location_types/',
    { schema: { tags, body: LocationTypeBody, response: { 201: LocationTypeResponse } } },
    async (request, reply) => reply.status(201).send(await locationTypes.createLocationType(request.ctx, request.body)),
  );
  app.put(
    '/catalog/inventory_location_types/:id/',
    {
      config: { pathObject: ownedBy(inventoryLocationTypes) },
      schema: { tags, params: IdParams, body: LocationTypeBody, response: { 200: LocationTypeResponse } },
    },
    async (request) => locationTypes.updateLocationType(request.ctx, request.params.id, request.body),
  );
  app.delete('/catalog/inventory_location_types/:id/', { schema: { tags, params: IdParams, response: noContent } }, async (request, reply) => {
    await locationTypes.deleteLocationType(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
  app.delete('/catalog/inventory_location_types/', { schema: { tags, body: DeleteLocationTypesBody, response: noContent } }, async (request, reply) => {
    await locationTypes.deleteLocationTypes(request.ctx, request.body);
    return reply.status(204).send(null);
  });

  // ---- Locations ----
  app.get('/catalog/inventory_locations/', { schema: { tags, querystring: ListLocationsQuery, response: { 200: LocationPage } } }, async (request) =>
    locations.listLocations(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.get('/catalog/inventory_locations/:id/', { schema: { tags, params: IdParams, response: { 200: LocationResponse } } }, async (request) =>
    locations.getLocation(request.ctx, request.params.id),
  );
  app.post('/catalog/inventory_locations/', { schema: { tags, body: CreateLocationBody, response: { 201: LocationResponse } } }, async (request, reply) =>
    reply.status(201).send(await locations.createLocation(request.ctx, request.body)),
  );
  app.put(
    '/catalog/inventory_locations/:id/',
    { config: { pathObject: ownedBy(inventoryLocations) }, schema: { tags, params: IdParams, body: UpdateLocationBody, response: { 200: LocationResponse } } },
    async (request) => locations.updateLocation(request.ctx, request.params.id, request.body),
  );
  app.put(
    '/catalog/inventory_locations/',
    { schema: { tags, body: BulkUpdateLocationsBody, response: { 200: BulkUpdateLocationsResponse } } },
    async (request) => locations.bulkUpdateLocations(request.ctx, request.body),
  );
  app.delete('/catalog/inventory_locations/:id/', { schema: { tags, params: IdParams, response: noContent } }, async (request, reply) => {
    await locations.deleteLocation(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
  app.get(
    '/catalog/inventory_locations_with_transactions/',
    { schema: { tags, querystring: ListLocationsWithTransactionsQuery, response: { 200: LocationWithTransactionsPage } } },
    async (request) => locations.listLocationsWithTransactions(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  // ---- Ledger ----
  app.get('/catalog/inventory_transactions/', { schema: { tags, querystring: ListTransactionsQuery, response: { 200: TransactionPage } } }, async (request) =>
    transactions.listTransactions(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
  app.post(
    '/catalog/inventory_transactions/',
    { schema: { tags, body: CreateTransactionBody, response: { 201: TransactionResponse } } },
    async (request, reply) => reply.status(201).send(await transactions.createTransaction(request.ctx, request.body)),
  );
  app.put(
    '/catalog/inventory_transactions/:id/',
    {
      config: { pathObject: ownedBy(inventoryTransactions) },
      schema: { tags, params: IdParams, body: UpdateTransactionBody, response: { 200: TransactionResponse } },
    },
    async (request) => transactions.updateTransaction(request.ctx, request.params.id, request.body),
  );
  app.post('/catalog/inventory_transactions/move/', { schema: { tags, body: MoveStockBody, response: { 201: MoveStockResponse } } }, async (request, reply) =>
    reply.status(201).send(await transactions.moveStock(request.ctx, request.body)),
  );

  // ---- Per product (static paths: Fastify prefers them over the catalog's /catalog/products/:id/) ----
  app.get(
    '/catalog/products/inventories/',
    { schema: { tags, querystring: ProductInventoriesQuery, response: { 200: ProductInventoriesResponse } } },
    async (request) => transactions.productInventories(request.ctx, request.query.product_ids),
  );
  app.get(
    '/catalog/products/inventories/transactions/',
    { schema: { tags, querystring: TransactionsByIdsQuery, response: { 200: TransactionsByIdsResponse } } },
    async (request) => transactions.transactionsByIds(request.ctx, request.query.inventory_transaction_ids),
  );

  // ---- Stocktaking ----
  app.get('/catalog/stocktaking/', { schema: { tags, querystring: StocktakingQuery, response: { 200: StocktakingResponse } } }, async (request) =>
    stocktakingService.stocktaking(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );
};
