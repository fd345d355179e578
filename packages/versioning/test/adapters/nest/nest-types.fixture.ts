// Types of the Nest adapter, compiled under `tsc --strict` with experimentalDecorators (nest.types.test.ts): a
// parameter decorator cannot type its parameter in TypeScript, so `@ApiVersion()` and `@Body()` are annotated — the
// scheme's versions (`VersionOf<typeof scheme> | null`) and the schema's output (`z.output<typeof S>`) — while
// `@Versioned<V>()` checks its `since`/`until` against the scheme's versions.
import { Body, Controller, Get, Post } from '@nestjs/common';
import { z } from 'zod';
import { ApiVersion, Versioned } from '../../../src/adapters/nest/index.js';
import type { VersionOf } from '../../../src/schemes/base.js';
import { URLPathVersioning } from '../../../src/schemes/url-path.js';

export const scheme = new URLPathVersioning({ allowedVersions: ['v1', 'v2'] as const });
type Version = VersionOf<typeof scheme>;
const Item = z.object({ name: z.string() });

@Controller(':version/items')
export class ItemsController {
  @Get()
  @Versioned<Version>({ name: 'items', since: 'v2' })
  list(@ApiVersion() version: Version | null): { version: 'v1' | 'v2' | null } {
    return { version };
  }

  @Post()
  // @ts-expect-error -- 'v3' is none of the scheme's versions
  @Versioned<Version>({ name: 'items-create', request: Item, since: 'v3' })
  create(@Body() body: z.output<typeof Item>): { name: string } {
    return body;
  }
}
