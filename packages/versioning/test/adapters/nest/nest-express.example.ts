// The NestJS example of docs/adapters/nest.md on platform-express (the default platform).
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './users.example.js';

export async function main(port = 3000): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule);
  await app.listen(port, '127.0.0.1');
  return app;
}
// GET /2025-01-01/users → {"data":[{"id":7,"fullName":"Ada Lovelace","email":"ada@example.com","createdAt":"2024-03-01T00:00:00.000Z","addresses":[{"city":"London","street":"12 St James Sq"}]}]}
// GET /2024-01-01/users → {"data":[{"id":7,"name":"Ada Lovelace","email":"ada@example.com","createdAt":1709251200,"phone":null}]}
