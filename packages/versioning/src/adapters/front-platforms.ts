import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction } from 'express';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendFile } from './docs-ui.js';
import { enterInFront, type FrontMount, type Kept, keptName, keptOf, membersOf } from './in-front.js';
import { applyRequestInfo, outgoingNodeJson, prepareNode } from './node-body.js';
import {
  fastifyQuery,
  finishReplyHead,
  outgoingReplyJson,
  replyFields,
  replyProblem,
} from './node-response.js';
import { writeProblem } from './node-response.js';
import { exposeOn, versioningMembers } from './shared.js';
import type { Send } from '../pipeline/exchange.js';
import type { ProblemOutcome } from '../pipeline/problem.js';

/**
 * A framework restdash runs in front of, its router left to route (Nest's Express and Fastify): where the version is
 * decided, before the framework's body parsing and routing, and how the answers of the way out are written.
 */
export interface FrontPlatform {
  /** Installs the front on the framework's application; `mount()` is `null` until the mount is compiled. */
  install(app: unknown, mount: () => FrontMount | null): void;
  /** A JSON value the handler sends, in the request's version (see `sending`); `response` is the framework's. */
  send(response: unknown, send: Send, value: unknown): unknown;
  /** Writes a problem out on the framework's response. */
  problem(response: unknown, problem: ProblemOutcome): void;
}

/** Express: an application middleware, in front of the body parsers (which skip a body read already) and routes. */
export const expressFront: FrontPlatform = {
  install(app, mount) {
    const front = (req: IncomingMessage, res: ServerResponse, next: NextFunction): void => {
      void enterInFront(
        mount(),
        req,
        req,
        {
          problem(problem) {
            writeProblem(res, problem);
          },
          pass(error) {
            next(error ?? undefined);
          },
          serve(serve, entry) {
            // The members are left to the request's prototype, which serves them (below).
            prepareNode(req, res, serve, entry, false);
            const file = mount()?.file(serve.handler)?.(serve.request);
            if (file === undefined) {
              next();
              return;
            }
            res.setHeader('content-type', file.type);
            res.end(file.body);
          },
        },
        res,
      );
    };
    (app as { use(handler: typeof front): void }).use(front);
    // The members from Express's request prototype of this application, read off what the front keeps: a request
    // given four properties of its own costs microseconds on Express (in its own code after too).
    const prototype = (app as { request?: object }).request;
    for (const name of prototype === undefined ? [] : versioningMembers) {
      Object.defineProperty(prototype, name, {
        configurable: true,
        get(this: object) {
          return membersOf(this)?.[name];
        },
        set(this: object, value: unknown) {
          Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
        },
      });
    }
  },
  send: (res, send, value) => outgoingNodeJson(res as ServerResponse, send, value),
  problem(res, problem) {
    writeProblem(res as ServerResponse, problem);
  },
};

const goOn = Symbol('the request goes on');
/** The fields by which Fastify decides to parse a body: hidden from it once restdash read the body itself. */
const bodyless = ({
  'content-type': _,
  'content-length': __,
  'transfer-encoding': ___,
  ...rest
}: IncomingHttpHeaders) => rest;

/** Fastify: an `onRequest` hook, before body parsing and the route; `onSend` finishes `Vary` and the vendor type. */
export const fastifyFront: FrontPlatform = {
  install(instance, mount) {
    const app = instance as FastifyInstance;
    for (const name of [keptName, ...versioningMembers])
      if (!app.hasRequestDecorator(name)) app.decorateRequest(name, null);
    app.addHook('onRequest', (request, reply, done) => {
      const result = enterInFront<unknown>(
        mount(),
        request.raw,
        request,
        {
          problem: (problem) => replyProblem(reply, problem),
          pass(error) {
            if (error === null) return goOn;
            done(error as Error);
            return null;
          },
          serve(serve, { info, body }) {
            const kept = keptOf<IncomingHttpHeaders>(request) as Kept<IncomingHttpHeaders>;
            kept.vary = reply.getHeader('vary');
            exposeOn(request, serve.request);
            replyFields(reply, serve.fields);
            const file = mount()?.file(serve.handler)?.(serve.request);
            if (file !== undefined) return sendFile(reply, file);
            if (info !== null)
              Object.assign(request, { query: fastifyQuery(applyRequestInfo(request.raw, info)) });
            if (body !== null) {
              request.body = body.value;
              kept.hidden = request.raw.headers;
              request.raw.headers = bodyless(request.raw.headers);
            }
            return goOn;
          },
        },
        reply.raw,
      );
      // Fastify goes on when the request does: not once a problem or the document is sent.
      const proceed = (outcome: unknown): void => {
        if (outcome === goOn) done();
      };
      if (result instanceof Promise) void result.then(proceed, done);
      else proceed(result);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const hidden = keptOf<IncomingHttpHeaders>(request)?.hidden;
      if (hidden != null) request.raw.headers = hidden;
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const kept = keptOf(request);
      if (kept !== undefined) finishReplyHead(reply, kept.vary, kept.serve.vary, kept.serve.contentType);
      done(null, payload);
    });
  },
  send: (reply, send, value) => outgoingReplyJson(reply as FastifyReply, send, value),
  problem(reply, problem) {
    replyProblem(reply as FastifyReply, problem);
  },
};
