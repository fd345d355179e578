// The NestJS example of docs/adapters/nest.md: the three-version users API (SPEC § "Version changes"), one controller written for the
// newest version, mounted by RestdashModule. Compiled under `tsc --strict` with `experimentalDecorators` and run on
// both platforms (nest-express.example.ts, nest-fastify.example.ts) by nest.test.ts.
import { Body, Controller, Get, Module, NotFoundException, Param, ParseIntPipe, Post } from '@nestjs/common';
import { z } from 'zod';
import { ApiVersion, RestdashModule, Versioned } from '../../../src/adapters/nest/index.js';
import { change, field, VersionHistory } from '../../../src/changes/index.js';
import { URLPathVersioning } from '../../../src/schemes/url-path.js';

// The newest version's schemas. A schema an instruction names has a name (zod: .meta({ id })).
const Address = z.object({ city: z.string(), street: z.string() }).meta({ id: 'Address' });
const User = z
  .object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    createdAt: z.string(),
    addresses: z.array(Address),
  })
  .meta({ id: 'User' });
const UserInput = z.object({ fullName: z.string(), email: z.string() }).meta({ id: 'UserInput' });
const UserList = z.object({ data: z.array(User) });

export const history = new VersionHistory(['2024-01-01', '2024-06-01', '2025-01-01'] as const, {
  '2024-06-01': [
    change('A user\'s name is "fullName"', [field([User, UserInput], 'fullName').renamedFrom('name')]),
    change('Users have addresses', [field(User, 'addresses').added({ default: [] })]),
  ],
  '2025-01-01': [
    change('"createdAt" is an ISO 8601 date-time', [
      field(User, 'createdAt').retyped({
        schema: z.number(),
        up: (seconds: number) => new Date(seconds * 1000).toISOString(),
        down: (iso: string) => Date.parse(iso) / 1000,
      }),
    ]),
    change('An address has a "street"', [field(Address, 'street').renamedFrom('line1')]),
    change('Users have no "phone"', [
      field(User, 'phone').removed({ schema: z.string().nullable(), value: null }),
    ]),
  ],
});

export const ada = {
  id: 7,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2024-03-01T00:00:00.000Z',
  addresses: [{ city: 'London', street: '12 St James Sq' }],
};

// Written once, for the newest version.
@Controller(':version/users')
export class UsersController {
  @Get()
  @Versioned({ name: 'users', response: UserList })
  list() {
    return { data: [ada] };
  }

  @Get(':pk')
  @Versioned({ name: 'user', response: User })
  get(@Param('pk', ParseIntPipe) pk: number) {
    if (pk !== ada.id) throw new NotFoundException(`No user ${pk}.`);
    return ada;
  }

  @Post()
  @Versioned({ name: 'users-create', request: UserInput, response: User })
  create(@Body() body: z.output<typeof UserInput>, @ApiVersion() version: string | null) {
    console.info(`created by a ${version ?? 'unversioned'} client`);
    return { ...ada, ...body, id: 8, addresses: [] };
  }
}

@Module({
  imports: [
    RestdashModule.forRoot({
      scheme: new URLPathVersioning({ allowedVersions: history.versions }),
      changes: history,
      policies: {
        '2024-01-01': {
          deprecation: '2024-06-01',
          sunset: '2030-01-01',
          link: 'https://example.com/deprecations/2024-01-01',
        },
      },
      describe: { path: '/:version/openapi.json', info: { title: 'Users' } },
    }),
  ],
  controllers: [UsersController],
})
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a decorated class
export class AppModule {}
