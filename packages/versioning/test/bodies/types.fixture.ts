// Compiled, never run, by test/adapters/types.test.ts (`tsc --strict`): a route's `request` schema types what each
// framework's handler reads as the body, with no annotation. Each `@ts-expect-error` is a mistake the types catch.
import Type from 'typebox';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { path as expressPath } from '../../src/adapters/express/index.js';
import { path as fastifyPath } from '../../src/adapters/fastify/index.js';
import { path as honoPath } from '../../src/adapters/hono/index.js';
import { path as nodePath } from '../../src/adapters/node/index.js';

const Member = z.object({ name: z.string(), tags: z.array(z.string()).default([]) });
const Pet = Type.Object({ name: Type.String(), age: Type.Optional(Type.Integer()) });
type MemberOut = { name: string; tags: string[] };

export const routes = [
  expressPath(
    '/members/:pk/',
    (req, res) => {
      expectTypeOf(req.body).toEqualTypeOf<MemberOut>();
      expectTypeOf(req.params.pk).toEqualTypeOf<string>();
      res.json(req.body.tags);
    },
    { request: Member },
  ),
  // @ts-expect-error: the body's name is a string
  expressPath('/members/', (req) => req.body.name satisfies number, { request: Member }),
  // A TypeBox schema (an interface) is taken as it is.
  expressPath('/pets/', (_req, res) => res.json(null), { request: Pet }),
  fastifyPath(
    '/members/',
    (request) => {
      expectTypeOf(request.body).toEqualTypeOf<MemberOut>();
      return request.body.tags;
    },
    { request: Member },
  ),
  fastifyPath('/pets/', () => null, { request: Pet, response: Pet }),
  // Without a schema the body is unknown.
  fastifyPath('/plain/', (request) => expectTypeOf(request.body).toEqualTypeOf<unknown>()),
  honoPath(
    '/members/',
    (c) => {
      expectTypeOf(c.req.valid('json')).toEqualTypeOf<MemberOut>();
      return c.json(c.req.valid('json').tags);
    },
    { request: Member },
  ),
  honoPath('/pets/', (c) => c.json(null), { request: Pet }),
  nodePath(
    '/members/',
    (req, res) => {
      expectTypeOf(req.body).toEqualTypeOf<MemberOut>();
      res.json(req.body.tags);
    },
    { request: Member },
  ),
  // @ts-expect-error: a member has no age
  nodePath('/members/', (req, res) => res.json(req.body.age), { request: Member }),
  nodePath('/plain/', (req, res) => {
    expectTypeOf(req.body).toEqualTypeOf<unknown>();
    res.json({ ok: true });
  }),
];
