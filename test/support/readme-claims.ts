// Turns a README code block into a program that checks what the block's comments claim.
//
// A claim is the comment after a top-level statement: on the statement's own line, or, when that line has
// none, on the next line. Lines after it that start with `//` and two more spaces continue it; for requests,
// a next line starting with another method is the next claim. What the comment starts with decides:
//
//   expression; // 'v2'                      a value: the result deep-equals it (a JavaScript literal; the
//   expression; // { a: 1 } (prose)           shortest prefix that parses, then prose after a space, `,`, `:`
//   const x = expression; // 'v2'            or `;`); for a declaration, the declared variable's value
//   expression; // NotFound (404)            an error of that name (`name` or class name) is thrown, with
//   expression; // NotFound: 'message'       that `statusCode`; `: message` (quoted, or the whole rest) is
//                                            its exact message; after the name, prose only after `,` or ` `
//   app.listen(3000);                        requests to the server the block started: the status (200 when
//   // GET /path → {"json":"body"}            none is said), the media type (`problem+json` is
//   // DELETE /path → 405 problem+json, Allow: GET, HEAD      application/problem+json), the JSON body,
//   // GET /path with Accept: text/html → 406 and Vary: Accept   headers after `,` or `and`; a JSON request
//   // POST /path {"name":"Ada"} → 201 {"id":1}                  body after the path
//
// Values start with a quote, `{`, `[`, a digit, `-`, `null`, `true`, `false` or `undefined`; errors with
// the name of an error class the packages export (or a built-in one). Any other comment is prose. A comment
// that looks like a claim anywhere else (inside a function, after a declaration of types) is an error: a
// claim the runner cannot check must not stand in a README. Comments in and after a declaration of types
// (`interface`, `type`) describe types and are not checked.
import ts from 'typescript';
import type { HttpClaim, ThrowsClaim } from './readme-harness.js';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const valueStart = /^(['"`{[]|-?\d|(null|true|false|undefined)\b)/;
const httpStart = new RegExp(`^(${methods.join('|')}) /`);

type Claim =
  | { readonly kind: 'value'; readonly text: string }
  | { readonly kind: 'throws'; readonly claim: ThrowsClaim }
  | { readonly kind: 'http'; readonly claims: readonly HttpClaim[] };

/** Why a comment cannot be checked. */
export class ClaimError extends Error {
  override name = 'ClaimError' as const;
}

function parses(expression: string): boolean {
  try {
    // Parsed, never run: the claim is evaluated in the example's program.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled to check the syntax, never called
    new Function(`return (${expression}\n);`);
    return true;
  } catch {
    return false;
  }
}

/** The shortest prefix of `text` that is a JavaScript expression followed by the end or a separator. */
function leadingExpression(text: string, separators: RegExp): { expression: string; rest: string } | null {
  for (let end = 1; end <= text.length; end += 1) {
    const rest = text.slice(end);
    if (rest !== '' && !separators.test(rest)) continue;
    const expression = text.slice(0, end);
    if (parses(expression)) return { expression, rest };
  }
  return null;
}

function leadingJson(text: string): { value: unknown; rest: string } | null {
  for (let end = 1; end <= text.length; end += 1) {
    const rest = text.slice(end);
    if (rest !== '' && !/^[\s,]/.test(rest)) continue;
    try {
      return { value: JSON.parse(text.slice(0, end)) as unknown, rest };
    } catch {
      // Not yet a whole JSON value.
    }
  }
  return null;
}

function claimLike(text: string, errorNames: ReadonlySet<string>): boolean {
  const name = /^[A-Z]\w*/.exec(text)?.[0];
  return valueStart.test(text) || httpStart.test(text) || (name !== undefined && errorNames.has(name));
}

function parseThrows(text: string, errorNames: ReadonlySet<string>): ThrowsClaim | null {
  const match = /^([A-Z]\w*)(?: \((\d{3})\))?([\s\S]*)$/.exec(text);
  if (match === null || !errorNames.has(match[1] ?? '')) return null;
  const [, name = '', status, rest = ''] = match;
  let message: string | null = null;
  if (rest.startsWith(': ')) {
    const said = rest.slice(2);
    const quoted = /^['"]/.test(said) ? leadingExpression(said, /^[\s,;:]/) : null;
    message = quoted === null ? said : (JSON.parse(quoted.expression.replace(/^'|'$/g, '"')) as string);
  } else if (rest !== '' && !/^[\s,;]/.test(rest)) {
    throw new ClaimError(`after the error name, prose must follow a space or a comma: "${text}"`);
  }
  return { name, status: status === undefined ? null : Number(status), message };
}

function parseHttp(text: string): HttpClaim {
  const match = new RegExp(
    `^(${methods.join('|')}) (\\S+)(?: ([{[].*?))?(?: with ([\\w-]+): (.*?))?\\s+→\\s+([\\s\\S]*)$`,
  ).exec(text);
  if (match === null)
    throw new ClaimError(`a request claim reads "METHOD /path [{json}] [with Name: value] → …": "${text}"`);
  const [, method = '', target = '', requestBody, headerName, headerValue, answer = ''] = match;
  if (requestBody !== undefined && leadingJson(requestBody)?.rest !== '')
    throw new ClaimError(`the request body is not JSON: "${text}"`);
  let rest = answer.trim();
  const status = /^(\d{3})(?:\s+|$)/.exec(rest);
  if (status !== null) rest = rest.slice(status[0].length);
  const type = /^([\w.+-]+\/[\w.+-]+|problem\+json)(?=[\s,]|$)\s*/.exec(rest);
  if (type !== null) rest = rest.slice(type[0].length);
  let body: unknown = undefined;
  let hasBody = false;
  if (/^[{["]/.test(rest)) {
    const json = leadingJson(rest);
    if (json === null) throw new ClaimError(`the body is not JSON: "${text}"`);
    ({ value: body, rest } = json);
    hasBody = true;
  }
  rest = rest.trim();
  const headers: Record<string, string> = {};
  if (rest !== '') {
    const list = /^(?:,|and)\s+([\s\S]+)$/.exec(rest);
    if (list === null) throw new ClaimError(`expected ", Name: value" after the answer: "${text}"`);
    for (const field of (list[1] ?? '').split(/ and (?=[\w-]+: )/)) {
      const pair = /^([\w-]+): (.+)$/.exec(field.trim());
      if (pair === null) throw new ClaimError(`a header claim reads "Name: value": "${field}" in "${text}"`);
      headers[pair[1] ?? ''] = pair[2] ?? '';
    }
  }
  const contentType =
    type === null ? null : type[1] === 'problem+json' ? 'application/problem+json' : type[1];
  return {
    method,
    target,
    requestHeaders: headerName === undefined ? {} : { [headerName]: headerValue ?? '' },
    requestBody: requestBody ?? null,
    status: status === null ? 200 : Number(status[1]),
    contentType: contentType ?? null,
    body,
    hasBody,
    headers,
  };
}

function parseClaim(lines: readonly string[], errorNames: ReadonlySet<string>): Claim | null {
  const text = lines.join(' ');
  if (httpStart.test(text)) {
    const claims: string[] = [];
    for (const line of lines) {
      if (httpStart.test(line)) claims.push(line);
      else claims.push(`${claims.pop() ?? ''} ${line}`);
    }
    return { kind: 'http', claims: claims.map(parseHttp) };
  }
  if (valueStart.test(text)) {
    const value = leadingExpression(text, /^[\s,;:]/);
    if (value === null) throw new ClaimError(`not a JavaScript value: "${text}"`);
    return { kind: 'value', text: value.expression };
  }
  const thrown = parseThrows(text, errorNames);
  return thrown === null ? null : { kind: 'throws', claim: thrown };
}

interface Comment {
  readonly pos: number;
  readonly end: number;
  readonly line: number;
  readonly text: string;
}

function commentsOf(source: ts.SourceFile): Comment[] {
  const found = new Map<number, Comment>();
  const visit = (node: ts.Node): void => {
    const children = node.getChildren(source);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    const ranges = [
      ...(ts.getLeadingCommentRanges(source.text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(source.text, node.end) ?? []),
    ];
    for (const range of ranges) {
      if (range.kind !== ts.SyntaxKind.SingleLineCommentTrivia || found.has(range.pos)) continue;
      found.set(range.pos, {
        pos: range.pos,
        end: range.end,
        line: source.getLineAndCharacterOfPosition(range.pos).line,
        text: source.text.slice(range.pos + 2, range.end),
      });
    }
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

export interface Program {
  /** The example as TypeScript, with its claims turned into calls of the harness. */
  readonly code: string;
  /** How many claims it checks. */
  readonly claims: number;
}

/**
 * The program that runs one README block and checks its claims.
 * @param firstLine the README line of the block's first line, for messages
 * @param errorNames the error classes a comment may claim is thrown
 */
export function programOf(
  code: string,
  options: { file: string; firstLine: number; tsx: boolean; errorNames: ReadonlySet<string> },
): Program {
  const source = ts.createSourceFile(
    options.tsx ? 'block.tsx' : 'block.ts',
    code,
    ts.ScriptTarget.Latest,
    true,
    options.tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const comments = commentsOf(source);
  const used = new Set<Comment>();
  const edits: { pos: number; end: number; text: string }[] = [];
  const where = (line: number) => JSON.stringify(`${options.file}:${options.firstLine + line}`);
  let count = 0;

  for (const [index, statement] of source.statements.entries()) {
    const nextStart = source.statements[index + 1]?.getStart(source) ?? source.text.length;
    const checkable =
      ts.isExpressionStatement(statement) ||
      (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1);
    if (!checkable) continue;
    const lastLine = source.getLineAndCharacterOfPosition(statement.end).line;
    const after = comments.filter((comment) => comment.pos >= statement.end && comment.pos < nextStart);
    const first =
      after[0]?.line === lastLine ? after[0] : after[0]?.line === lastLine + 1 ? after[0] : undefined;
    if (first === undefined) continue;
    const head = first.text.trim();
    if (!claimLike(head, options.errorNames)) continue;
    const group = [first];
    for (const next of after.slice(1)) {
      const previous = group[group.length - 1]!;
      const continued = /^ {2,}\S/.test(next.text) || httpStart.test(next.text.trim());
      if (next.line !== previous.line + 1 || !continued) break;
      if (httpStart.test(next.text.trim()) && !httpStart.test(head)) break;
      group.push(next);
    }
    const claim = parseClaim(
      group.map((comment) => comment.text.trim()),
      options.errorNames,
    );
    if (claim === null) continue;
    for (const comment of group) used.add(comment);
    count += claim.kind === 'http' ? claim.claims.length : 1;
    const at = where(first.line);
    const start = statement.getStart(source);
    if (claim.kind === 'http') {
      const checks = claim.claims.map((one) => `await __readme.http(${JSON.stringify(one)}, ${at});`);
      edits.push({ pos: statement.end, end: statement.end, text: ` ${checks.join(' ')}` });
    } else if (ts.isVariableStatement(statement)) {
      if (claim.kind === 'throws') throw new ClaimError(`${at}: a declaration cannot claim to throw`);
      const name = statement.declarationList.declarations[0]!.name.getText(source);
      edits.push({
        pos: statement.end,
        end: statement.end,
        text: ` await __readme.value(() => ${name}, () => (${claim.text}), ${at});`,
      });
    } else {
      const expression = statement.expression.getText(source);
      edits.push({
        pos: start,
        end: statement.end,
        text:
          claim.kind === 'value'
            ? `await __readme.value(async () => (${expression}), () => (${claim.text}), ${at});`
            : `await __readme.throws(async () => { ${expression}; }, ${JSON.stringify(claim.claim)}, ${at});`,
      });
    }
  }

  // Comments inside or after a declaration of types describe types, not results.
  const typeLines = source.statements
    .filter((statement) => ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
    .map((statement) => [
      source.getLineAndCharacterOfPosition(statement.getStart(source)).line,
      source.getLineAndCharacterOfPosition(statement.end).line,
    ]);
  const aboutTypes = (comment: Comment) =>
    typeLines.some(([first = 0, last = 0]) => comment.line >= first && comment.line <= last);
  const stray = comments.filter(
    (comment) =>
      !used.has(comment) && !aboutTypes(comment) && claimLike(comment.text.trim(), options.errorNames),
  );
  if (stray.length > 0) {
    const list = stray.map((comment) => `${where(comment.line)}: //${comment.text}`).join('\n');
    throw new ClaimError(`comments that look like claims but follow no top-level statement:\n${list}`);
  }

  let program = code;
  for (const edit of edits.sort((a, b) => b.pos - a.pos)) {
    program = program.slice(0, edit.pos) + edit.text + program.slice(edit.end);
  }
  return {
    code: `import * as __readme from './readme-harness.mjs';\n${program}\nawait __readme.done();\n`,
    claims: count,
  };
}
