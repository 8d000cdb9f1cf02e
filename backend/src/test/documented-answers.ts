import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type supertest from 'supertest';
import { API_PREFIX } from '@v2mom/contracts';
import { buildOpenApiDocument, type OpenApiDocument } from '../modules/docs/openapi.js';

/**
 * Checks every answer the tests receive through `TestApp.http()` against the generated OpenAPI
 * document: the status must be one the operation documents, the content type its media type,
 * the JSON body valid against its schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), and
 * documented headers present. Mismatches are collected here; the setup file fails the test that
 * received them, so the document cannot drift from what the server answers.
 */

type Agent = ReturnType<typeof supertest>;
type Test = ReturnType<Agent['get']>;

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
  text: string | undefined;
}

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, ResponseObject | { $ref: string }>;
}

const DOCUMENT_ID = 'openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/**
 * A path no operation holds still passes the API's middleware (cross-site check 403, body parser
 * 400, 413 or 415, an unexpected 500), then its catch-all: 401 without a session, else 404.
 */
const UNROUTED_STATUSES = [400, 401, 403, 404, 413, 415, 500];

export class DocumentedAnswers {
  readonly problems: string[] = [];
  readonly #document: OpenApiDocument = buildOpenApiDocument();
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #operations: Operation[];

  constructor() {
    addFormats.default(this.#ajv);
    this.#ajv.addSchema({ $id: DOCUMENT_ID, components: this.#document.components });
    // Literal segments before templated ones, as the server's routing prefers them.
    this.#operations = Object.entries(this.#document.paths)
      .sort(([a], [b]) => a.split('{').length - b.split('{').length)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method,
          template,
          pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
          responses: operation['responses'] as Operation['responses'],
        })),
      );
  }

  check(method: string, url: string, answer: Answer): void {
    // As sent: the server routes the raw path, without resolving `..` or re-encoding.
    const path = url.split('?')[0] as string;
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return;
    const label = `${method.toUpperCase()} ${path} -> ${answer.status}`;
    const operation = this.#operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!operation) {
      if (UNROUTED_STATUSES.includes(answer.status)) this.#checkContent(label, this.#resolve({ $ref: '#/components/responses/NotFound' }), answer);
      else this.problems.push(`${label}: no operation documents this path`);
      return;
    }
    const documented = operation.responses[String(answer.status)];
    if (!documented) {
      this.problems.push(`${label}: status not documented for ${method.toUpperCase()} ${operation.template}`);
      return;
    }
    const response = this.#resolve(documented);
    for (const header of Object.keys(response.headers ?? {})) {
      if (answer.headers[header.toLowerCase()] === undefined) this.problems.push(`${label}: documented header ${header} is missing`);
    }
    this.#checkContent(label, response, answer);
  }

  #resolve(response: ResponseObject | { $ref: string }): ResponseObject {
    if (!('$ref' in response)) return response;
    const name = response.$ref.split('/').pop() as string;
    return this.#document.components.responses[name] as unknown as ResponseObject;
  }

  #checkContent(label: string, response: ResponseObject, answer: Answer): void {
    const contentType = answer.headers['content-type']?.split(';')[0]?.trim();
    const media = Object.entries(response.content ?? {});
    if (media.length === 0) {
      if (answer.text) this.problems.push(`${label}: documented without a body, answered ${answer.text.length} characters`);
      return;
    }
    const match = media.find(([type]) => type === contentType);
    if (!match) {
      this.problems.push(`${label}: answered ${contentType ?? 'no content type'}, documented ${media.map(([type]) => type).join(', ')}`);
      return;
    }
    const [type, { schema }] = match;
    if (type !== 'application/json' || schema === undefined) return;
    const validate = this.#validator(schema);
    if (!validate(answer.body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message}`);
      this.problems.push(`${label}: body does not match the documented schema: ${errors.join('; ')}`);
    }
  }

  #validator(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      // A fragment's `#/components/...` refs mean the document's, which Ajv holds under DOCUMENT_ID.
      validate = this.#ajv.compile(JSON.parse(key.replaceAll('"$ref":"#/', `"$ref":"${DOCUMENT_ID}#/`)) as object);
      this.#validators.set(key, validate);
    }
    return validate;
  }
}

let answers: DocumentedAnswers | undefined;
function documentedAnswers(): DocumentedAnswers {
  answers ??= new DocumentedAnswers();
  return answers;
}

/** A supertest agent whose every answer is checked against the document. */
export function checkedAgent(agent: Agent): Agent {
  return new Proxy(agent, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || !(METHODS as readonly unknown[]).includes(key)) return value;
      const method = key as (typeof METHODS)[number];
      return (url: string): Test =>
        target[method](url).on('response', (response: Answer) => documentedAnswers().check(method, url, response));
    },
  });
}

/** The mismatches received since the last call, which clears them. */
export function takeUndocumentedAnswers(): string[] {
  if (!answers) return [];
  return answers.problems.splice(0);
}
