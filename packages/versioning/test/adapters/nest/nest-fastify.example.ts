// The NestJS example of docs/adapters/nest.md on platform-fastify.
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './users.example.js';

export async function main(port = 3000): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter());
  await app.listen(port, '127.0.0.1');
  return app;
}
// POST /2024-01-01/users {"name":"Grace","email":"grace@example.com"} → 201 {"id":8,"name":"Grace","email":"grace@example.com","createdAt":1709251200,"phone":null}
