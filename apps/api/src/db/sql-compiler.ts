import { isDeepStrictEqual } from 'node:util';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View, is, isSQLWrapper, type QueryWithTypings } from 'drizzle-orm';
import { isPgEnum, type PgDialect } from 'drizzle-orm/pg-core';

/**
 * SQL text and parameters from drizzle's SQL objects, as drizzle's own `sqlToQuery` writes them,
 * at a fraction of its cost (ADR 0026).
 *
 * Every statement the API runs, from the query builder or a SQL template, passes through
 * `dialect.sqlToQuery`. drizzle asks of each chunk, in turn, whether it is a StringChunk, a
 * Name, an SQL, a Table, a Column, a View, a Param... and each `is()` that answers no walks the
 * chunk's class chain. A page of 25 products' descriptions (25 ids, 27 parameters) spent about
 * 64 µs there, a tenth of the API's CPU for the request; a select built by the query builder,
 * 25-30 µs. Here the answer is worked out once per class (by prototype: `is()` depends on
 * nothing else) with drizzle's own `is()`, in drizzle's order, and kept.
 *
 * The branches below follow drizzle 0.45's `SQL.buildQueryFromSourceParams` one for one. Under
 * the tests (`check: true`) every statement is also compiled by drizzle and the two must be
 * equal, text, parameters and typings, or the statement fails: a drizzle upgrade that changes
 * how it writes SQL fails the suite instead of drifting.
 */

// drizzle's own keys (Symbol.for), on fields its types keep internal.
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const VIEW_CONFIG = Symbol.for('drizzle:ViewBaseConfig');
type TableInternals = { [TABLE_NAME]: string; [TABLE_SCHEMA]: string | undefined; [IS_ALIAS]: boolean };
type ViewInternals = { [VIEW_CONFIG]: { name: string; schema: string | undefined; isAlias: boolean } };
type SqlInternals = { queryChunks: unknown[]; shouldInlineParams: boolean };
const inlines = (sql: SQL) => (sql as unknown as SqlInternals).shouldInlineParams;

type Kind = 'string' | 'name' | 'array' | 'sql' | 'table' | 'column' | 'view' | 'param' | 'placeholder' | 'aliased' | 'subquery' | 'other';

const kindByPrototype = new Map<unknown, Kind>();

function classify(chunk: object): Kind {
  if (is(chunk, StringChunk)) return 'string';
  if (is(chunk, Name)) return 'name';
  if (Array.isArray(chunk)) return 'array';
  if (is(chunk, SQL)) return 'sql';
  if (is(chunk, Table)) return 'table';
  if (is(chunk, Column)) return 'column';
  if (is(chunk, View)) return 'view';
  if (is(chunk, Param)) return 'param';
  if (is(chunk, Placeholder)) return 'placeholder';
  if (is(chunk, SQL.Aliased)) return 'aliased';
  if (is(chunk, Subquery)) return 'subquery';
  // A SQL wrapper or a value: told apart per object below, as drizzle does.
  return 'other';
}

function kindOf(chunk: object): Kind {
  const prototype = Object.getPrototypeOf(chunk) as unknown;
  let kind = kindByPrototype.get(prototype);
  if (kind === undefined) {
    kind = classify(chunk);
    kindByPrototype.set(prototype, kind);
  }
  return kind;
}

type Encoder = Param['encoder'];
const typingByPrototype = new Map<unknown, string>();

type State = {
  dialect: PgDialect;
  invokeSource: string | undefined;
  sql: string;
  params: unknown[];
  typings: string[];
};

function typingOf(state: State, encoder: Encoder): string {
  const prototype = Object.getPrototypeOf(encoder) as unknown;
  let typing = typingByPrototype.get(prototype);
  if (typing === undefined) {
    typing = state.dialect.prepareTyping(encoder);
    typingByPrototype.set(prototype, typing);
  }
  return typing;
}

function addParam(state: State, value: unknown, typing: string) {
  state.params.push(value);
  state.typings.push(typing);
  state.sql += state.dialect.escapeParam(state.params.length - 1);
}

/** drizzle's `SQL.mapInlineParam`. */
function inlineParam(dialect: PgDialect, value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return value.toString();
  if (typeof value === 'string') return dialect.escapeString(value);
  if (typeof value === 'object') {
    const text = String(value);
    return dialect.escapeString(text === '[object Object]' ? JSON.stringify(value) : text);
  }
  throw new Error(`Unexpected param value: ${String(value)}`);
}

function addValue(state: State, value: unknown, inline: boolean) {
  if (inline) state.sql += inlineParam(state.dialect, value);
  else addParam(state, value, 'none');
}

function addSqlWrapper(state: State, wrapper: { getSQL(): SQL; shouldOmitSQLParens?: () => boolean }, inline: boolean) {
  if (wrapper.shouldOmitSQLParens?.()) {
    addChunks(state, [wrapper.getSQL()], inline);
    return;
  }
  state.sql += '(';
  addChunks(state, [wrapper.getSQL()], inline);
  state.sql += ')';
}

function addChunks(state: State, chunks: readonly unknown[], inline: boolean) {
  const { dialect } = state;
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
      addValue(state, chunk, inline);
      continue;
    }
    if (typeof chunk === 'function') {
      if (isPgEnum(chunk))
        state.sql += chunk.schema ? `${dialect.escapeName(chunk.schema)}.${dialect.escapeName(chunk.enumName)}` : dialect.escapeName(chunk.enumName);
      else if (isSQLWrapper(chunk)) addSqlWrapper(state, chunk, inline);
      else addValue(state, chunk, inline);
      continue;
    }
    switch (kindOf(chunk)) {
      case 'string':
        state.sql += (chunk as StringChunk).value.join('');
        break;
      case 'name':
        state.sql += dialect.escapeName((chunk as Name).value);
        break;
      case 'array': {
        const items = chunk as unknown[];
        state.sql += '(';
        items.forEach((item, index) => {
          if (index > 0) state.sql += ', ';
          addChunks(state, [item], inline);
        });
        state.sql += ')';
        break;
      }
      case 'sql':
        addChunks(state, (chunk as SQL).queryChunks, inline || inlines(chunk as SQL));
        break;
      case 'table': {
        const table = chunk as unknown as TableInternals;
        const schema = table[TABLE_SCHEMA];
        const name = table[TABLE_NAME];
        state.sql += schema === undefined || table[IS_ALIAS] ? dialect.escapeName(name) : `${dialect.escapeName(schema)}.${dialect.escapeName(name)}`;
        break;
      }
      case 'column': {
        const column = chunk as Column;
        const columnName = (dialect as unknown as { casing: { getColumnCasing(column: Column): string } }).casing.getColumnCasing(column);
        if (state.invokeSource === 'indexes') {
          state.sql += dialect.escapeName(columnName);
          break;
        }
        const table = column.table as unknown as TableInternals;
        const schema = table[TABLE_SCHEMA];
        const tableName = dialect.escapeName(table[TABLE_NAME]);
        state.sql +=
          table[IS_ALIAS] || schema === undefined
            ? `${tableName}.${dialect.escapeName(columnName)}`
            : `${dialect.escapeName(schema)}.${tableName}.${dialect.escapeName(columnName)}`;
        break;
      }
      case 'view': {
        const config = (chunk as unknown as ViewInternals)[VIEW_CONFIG];
        state.sql +=
          config.schema === undefined || config.isAlias
            ? dialect.escapeName(config.name)
            : `${dialect.escapeName(config.schema)}.${dialect.escapeName(config.name)}`;
        break;
      }
      case 'param': {
        const param = chunk as Param;
        // drizzle's own quirk, kept: a placeholder in a Param is sent as the Param itself.
        if (param.value !== null && typeof param.value === 'object' && kindOf(param.value) === 'placeholder') {
          addParam(state, param, 'none');
          break;
        }
        const mapped: unknown = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
        if (mapped !== null && typeof mapped === 'object' && kindOf(mapped) === 'sql') addChunks(state, [mapped], inline);
        else if (inline) state.sql += inlineParam(dialect, mapped);
        else addParam(state, mapped, typingOf(state, param.encoder));
        break;
      }
      case 'placeholder':
        addParam(state, chunk, 'none');
        break;
      case 'aliased': {
        const aliased = chunk as SQL.Aliased;
        if (aliased.fieldAlias !== undefined) state.sql += dialect.escapeName(aliased.fieldAlias);
        else addSqlWrapper(state, aliased, inline);
        break;
      }
      case 'subquery': {
        const subquery = chunk as Subquery;
        if (subquery._.isWith) {
          state.sql += dialect.escapeName(subquery._.alias);
          break;
        }
        state.sql += '(';
        addChunks(state, [subquery._.sql], inline);
        state.sql += `) ${dialect.escapeName(subquery._.alias)}`;
        break;
      }
      case 'other':
        if (isSQLWrapper(chunk)) addSqlWrapper(state, chunk, inline);
        else addValue(state, chunk, inline);
        break;
    }
  }
}

/** The statement drizzle would send for `sql`, by the rules above. */
export function compileSql(dialect: PgDialect, sql: SQL, invokeSource?: 'indexes' | undefined): QueryWithTypings {
  const state: State = { dialect, invokeSource, sql: '', params: [], typings: [] };
  addChunks(state, sql.queryChunks, inlines(sql));
  return state.typings.length
    ? { sql: state.sql, params: state.params, typings: state.typings as QueryWithTypings['typings'] }
    : { sql: state.sql, params: state.params };
}

/**
 * Makes `dialect` (the one a drizzle database, its sessions and its transactions share) write
 * every statement with `compileSql`. `check`: drizzle writes each one as well and the two must
 * agree, else the statement throws (the tests run so).
 */
export function useFastSqlCompiler(dialect: PgDialect, { check }: { check: boolean }) {
  const drizzleSqlToQuery = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (sql, invokeSource) => {
    const query = compileSql(dialect, sql, invokeSource);
    if (check) {
      const expected = drizzleSqlToQuery(sql, invokeSource);
      if (!isDeepStrictEqual(query, expected)) {
        throw new Error(`compileSql wrote ${JSON.stringify(query)} where drizzle writes ${JSON.stringify(expected)}`);
      }
    }
    return query;
  };
}
