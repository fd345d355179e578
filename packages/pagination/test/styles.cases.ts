// `style` values that are objects but not plain ones: each is refused, named as describeValue shows it.
export interface NonPlainStyleCase {
  readonly name: string;
  readonly style: object;
  /** How the error message shows the value. */
  readonly received: string;
}

export const nonPlainStyles: readonly NonPlainStyleCase[] = [
  { name: 'a Date', style: new Date(0), received: '"1970-01-01T00:00:00.000Z"' },
  { name: 'a Map', style: new Map([['color', 'red']]), received: '{}' },
  {
    name: 'a class instance',
    style: new (class Style {
      color = 'red';
    })(),
    received: '{"color":"red"}',
  },
  {
    name: 'an object inheriting CSS values',
    style: Object.create({ color: 'red' }) as object,
    received: '{}',
  },
];
