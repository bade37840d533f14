import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { errorLanguage, localiseMessage } from "@worker/lib/error-i18n";
import { EN_MESSAGES } from "@worker/lib/error-messages-en";

/**
 * The worker's error messages are written in Russian where they are thrown; the English catalogue
 * (worker/lib/error-messages-en.ts) is keyed by that Russian text. This test extracts every Russian
 * message that can reach an error body, the way the catalogue was built, and fails on one without
 * an English entry. What counts as a message:
 *   - the message (and details) arguments of AppError, errorBody, badRequest, conflict, notFound,
 *     forbidden, unauthorized and fieldError (worker/lib/errors.ts);
 *   - zod's custom messages: string or `{ error | message }` arguments of schema methods, and the
 *     `message` of issues added with `addIssue`;
 * each followed through constants, imports, object tables, conditionals, concatenations, helper
 * functions' returns and helper functions' parameters (to the literals their callers pass). A
 * template literal becomes a pattern: each `${…}` is a `{name}` placeholder, and its own Russian
 * parts (a label table, a nested phrase) are extracted too, since they are translated as values.
 */
const ROOT = join(__dirname, "..", "..");
const WORKER = join(ROOT, "worker");
const CYRILLIC = /[\u0400-\u04FF]/;
/** How many declarations a message argument, and a value interpolated into a message, are followed through. */
const MESSAGE_HOPS = 40;
const FRAGMENT_HOPS = 4;
/** In an interpolated value, `x.<name>` is typed (to find what it holds) for these names only: the rest is data. */
const TEXT_PROPERTIES = new Set(["message", "error", "reason", "refusal", "label"]);

/** Message position (and the optional details position) of each error constructor (worker/lib/errors.ts). */
const ERROR_CALLS: Record<string, { message: number; details?: number }> = {
  AppError: { message: 2, details: 3 },
  errorBody: { message: 1, details: 3 },
  badRequest: { message: 0, details: 2 },
  conflict: { message: 0 },
  notFound: { message: 0 },
  forbidden: { message: 0 },
  unauthorized: { message: 0 },
  fieldError: { message: 1 },
};

/** Zod schema methods whose string or `{ error | message }` argument is a custom message. */
const ZOD_METHODS = new Set(
  (
    "string number boolean bigint date enum nativeEnum literal array object strictObject looseObject record tuple union " +
    "discriminatedUnion intersection custom instanceof email url uuid guid cuid nanoid ipv4 ipv6 e164 jwt hostname datetime time " +
    "iso min max length size nonempty regex refine check int positive negative nonnegative nonpositive gt gte lt lte " +
    "multipleOf step finite safe startsWith endsWith includes lowercase uppercase trim toLowerCase"
  ).split(" "),
);

interface Site {
  file: string;
  line: number;
}

interface Extraction {
  /** Every Russian msgid (placeholders as `{name}`) with where it was found. */
  messages: Map<string, Site[]>;
  /** Message arguments that lead to something other than literals (data, caught errors). */
  unresolved: Array<Site & { text: string }>;
}

function workerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return workerFiles(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function extractErrorMessages(): Extraction {
  const files = workerFiles(WORKER);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    baseUrl: ROOT,
    paths: { "@worker/*": ["worker/*"], "@do/*": ["durable-objects/*"] },
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
    lib: ["lib.es2023.d.ts"],
  });
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((f) => f.fileName.startsWith(WORKER) && !f.isDeclarationFile);
  const messages = new Map<string, Site[]>();
  const unresolved: Extraction["unresolved"] = [];

  const siteOf = (node: ts.Node): Site => {
    const sf = node.getSourceFile();
    return { file: relative(ROOT, sf.fileName), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
  };
  const add = (msgid: string, node: ts.Node) => {
    const list = messages.get(msgid) ?? [];
    list.push(siteOf(node));
    messages.set(msgid, list);
  };

  // Calls of worker functions, by the function's declaration: a parameter used as a message is
  // resolved to what the callers pass.
  const callsOf = new Map<ts.Node, Array<ts.CallExpression | ts.NewExpression>>();
  const declarationOfSymbol = (symbol: ts.Symbol | undefined): ts.Declaration | undefined => {
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  };
  /**
   * Where a name or `a.b` is declared. `a.b` is first looked up by syntax (a constant's object
   * literal, a namespace import's export, an enum); the checker, which must type `a` for it (and
   * typing hono's or drizzle's chains takes seconds each), only when `typed`.
   */
  const declarationOf = (expr: ts.Expression, typed = true): ts.Declaration | undefined => {
    if (ts.isPropertyAccessExpression(expr)) {
      const found = propertyDeclaration(expr);
      if (found || !typed) return found;
    }
    return declarationOfSymbol(checker.getSymbolAtLocation(expr));
  };
  const propertyDeclaration = (expr: ts.PropertyAccessExpression): ts.Declaration | undefined => {
    const name = expr.name.text;
    const receiver = skipWrappers(expr.expression);
    let target: ts.Node | undefined;
    if (ts.isIdentifier(receiver)) {
      let symbol = checker.getSymbolAtLocation(receiver);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol && symbol.flags & ts.SymbolFlags.ValueModule) return declarationOfSymbol(checker.getExportsOfModule(symbol).find((x) => x.name === name));
      target = symbol?.valueDeclaration;
    } else if (ts.isPropertyAccessExpression(receiver)) target = propertyDeclaration(receiver);
    if (target && ts.isEnumDeclaration(target)) return target.members.find((m) => m.name.getText() === name);
    const init = target && (ts.isVariableDeclaration(target) || ts.isPropertyAssignment(target)) && target.initializer ? skipWrappers(target.initializer) : undefined;
    if (init && ts.isObjectLiteralExpression(init)) return init.properties.find((p) => p.name?.getText() === name);
    return undefined;
  };
  const propertiesNamed = new Map<string, Array<(ts.PropertyAssignment | ts.ShorthandPropertyAssignment) & { parent: ts.ObjectLiteralExpression }>>();
  for (const sf of sources) {
    const visit = (node: ts.Node) => {
      // Plain calls only: resolving a method's symbol types its whole receiver chain (drizzle, hono), slowly.
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
        const decl = declarationOf(node.expression);
        if (decl) callsOf.set(decl, [...(callsOf.get(decl) ?? []), node]);
      }
      if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isObjectLiteralExpression(node.parent)) {
        const name = node.name.getText();
        propertiesNamed.set(name, [...(propertiesNamed.get(name) ?? []), node as never]);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const functionOf = (decl: ts.Declaration | undefined): ts.SignatureDeclaration | undefined => {
    if (!decl) return undefined;
    if (ts.isFunctionDeclaration(decl) || ts.isMethodDeclaration(decl)) return decl;
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
      const init = skipWrappers(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    if (ts.isPropertyAssignment(decl)) {
      const init = skipWrappers(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  };
  const inWorker = (node: ts.Node) => node.getSourceFile().fileName.startsWith(WORKER) && !node.getSourceFile().isDeclarationFile;

  /**
   * Values given to a declared property (`refusal: string` in an interface) by the worker's object
   * literals. Only files that name the declaring type are searched: asking the checker for the
   * contextual type of every `message:` in the worker (hono's generic `c.json(...)`) takes minutes.
   */
  const implementations = new Map<ts.PropertySignature, ts.Expression[]>();
  const implementationsOf = (signature: ts.PropertySignature): ts.Expression[] => {
    const cached = implementations.get(signature);
    if (cached) return cached;
    const name = signature.name.getText();
    const container = checker.getTypeAtLocation(signature.parent);
    const home = signature.getSourceFile();
    // The declaring type's name, and the names of the types of its file that hold it
    // (`WebhookAuth`, held by `ChannelAdapter`, which the adapters name).
    const names = new Set<string>();
    let named: ts.Node | undefined = signature.parent;
    while (named && !ts.isInterfaceDeclaration(named) && !ts.isTypeAliasDeclaration(named)) named = named.parent;
    if (named && (ts.isInterfaceDeclaration(named) || ts.isTypeAliasDeclaration(named))) names.add(named.name.text);
    const declared = home.statements.filter((st): st is ts.InterfaceDeclaration | ts.TypeAliasDeclaration => ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st));
    for (let grew = true; grew; ) {
      grew = false;
      for (const d of declared)
        if (!names.has(d.name.text) && [...names].some((n) => new RegExp(`\\b${n}\\b`).test(d.getText()))) {
          names.add(d.name.text);
          grew = true;
        }
    }
    const out: ts.Expression[] = [];
    for (const node of propertiesNamed.get(name) ?? []) {
      const sf = node.getSourceFile();
      if (sf !== home && ![...names].some((n) => sf.text.includes(n))) continue;
      const type = checker.getContextualType(node.parent);
      const types = type ? (type.isUnion() ? type.types : [type]) : [];
      // Typed where it is written (a return, an annotated constant), or, next to the type's own
      // declaration, built in a callback whose result becomes one (`rules.map((r) => ({ label: … }))`).
      const typed = types.some((t) => t.getProperty(name)?.declarations?.includes(signature));
      if (typed || (sf === home && checker.isTypeAssignableTo(checker.getTypeAtLocation(node.parent), container)))
        out.push(ts.isPropertyAssignment(node) ? node.initializer : node.name);
    }
    implementations.set(signature, out);
    return out;
  };

  /** A class of the worker that extends Error (`e.message` of `e instanceof ImportFileError`). */
  const errorClassOf = (expr: ts.Expression): ts.ClassDeclaration | undefined => {
    const type = checker.getTypeAtLocation(expr);
    const decl = type.getSymbol()?.declarations?.[0];
    if (!decl || !ts.isClassDeclaration(decl) || !inWorker(decl)) return undefined;
    return decl.heritageClauses?.some((h) => h.getText().includes("Error")) ? decl : undefined;
  };
  /** What a worker Error class's message is made of: the `super(…)` argument, or the first argument of each `new`. */
  const errorClassMessages = (cls: ts.ClassDeclaration): ts.Expression[] => {
    const ctor = cls.members.find(ts.isConstructorDeclaration);
    if (ctor?.body) {
      const out: ts.Expression[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword && node.arguments[0]) out.push(node.arguments[0]);
        ts.forEachChild(node, visit);
      };
      visit(ctor.body);
      return out;
    }
    return (callsOf.get(cls) ?? []).flatMap((call) => (call.arguments?.[0] ? [call.arguments[0]] : []));
  };

  const returnsOf = (fn: ts.SignatureDeclaration): ts.Expression[] => {
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    if (!body) return [];
    if (!ts.isBlock(body)) return [body];
    const out: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return out;
  };

  /**
   * Collects the Russian texts an expression can evaluate to. `strict`: report what cannot be
   * followed (the message argument itself, not values interpolated into it). `hops`: how many more
   * declarations to follow; a value interpolated into a message is followed a few steps only (a
   * label table, a helper's parameter), since past that it is data (a request's field, a row).
   */
  const collect = (expr: ts.Expression, strict: boolean, seen: Set<ts.Node>, hops = strict ? MESSAGE_HOPS : FRAGMENT_HOPS): void => {
    expr = skipWrappers(expr);
    if (seen.has(expr) || hops < 0) return;
    seen.add(expr);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      if (CYRILLIC.test(expr.text)) add(expr.text, expr);
      return;
    }
    if (ts.isTemplateExpression(expr) || (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
      for (const { msgid, parts } of templateOf(expr)) {
        // A template without Russian of its own composes a message (`${problem}: ${value}`): as the
        // message itself it is a pattern the runtime must know.
        const composed = !CYRILLIC.test(msgid.replace(/\{[^{}]*\}/g, ""));
        if (!composed || strict) add(msgid, expr);
        for (const part of parts) collect(part, false, seen, Math.min(hops, FRAGMENT_HOPS));
      }
      return;
    }
    if (ts.isConditionalExpression(expr)) {
      collect(expr.whenTrue, strict, seen, hops);
      collect(expr.whenFalse, strict, seen, hops);
      return;
    }
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        collect(expr.left, strict, seen, hops);
        collect(expr.right, strict, seen, hops);
        return;
      }
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
        collect(expr.right, strict, seen, hops);
        return;
      }
    }
    if (ts.isObjectLiteralExpression(expr)) {
      for (const p of expr.properties) {
        if (ts.isPropertyAssignment(p)) collect(p.initializer, false, seen, Math.min(hops, FRAGMENT_HOPS));
        else if (ts.isShorthandPropertyAssignment(p)) collect(p.name, false, seen, Math.min(hops, FRAGMENT_HOPS));
        else if (ts.isSpreadAssignment(p)) collect(p.expression, false, seen, Math.min(hops, FRAGMENT_HOPS));
      }
      return;
    }
    if (ts.isArrayLiteralExpression(expr)) {
      for (const e of expr.elements) collect(ts.isSpreadElement(e) ? e.expression : e, strict, seen, hops);
      return;
    }
    if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) {
      for (const r of returnsOf(expr)) collect(r, strict, seen, hops);
      return;
    }
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
      const decl = declarationOf(expr, strict || (ts.isPropertyAccessExpression(expr) && TEXT_PROPERTIES.has(expr.name.text)));
      if (decl && inWorker(decl)) {
        if (ts.isVariableDeclaration(decl) && decl.initializer) return collect(decl.initializer, strict, seen, hops - 1);
        if (ts.isPropertyAssignment(decl)) return collect(decl.initializer, strict, seen, hops - 1);
        if (ts.isShorthandPropertyAssignment(decl)) return collect(decl.name, strict, seen, hops - 1);
        if (ts.isParameter(decl)) {
          if (decl.initializer) collect(decl.initializer, strict, seen, hops - 1);
          const fn = decl.parent;
          const index = fn.parameters.indexOf(decl);
          let owner: ts.Node | undefined = fn;
          if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) owner = ts.isVariableDeclaration(fn.parent) || ts.isPropertyAssignment(fn.parent) ? fn.parent : undefined;
          if (ts.isConstructorDeclaration(fn)) owner = fn.parent;
          const calls = owner ? callsOf.get(owner) : undefined;
          if (ts.isIdentifier(decl.name) && calls?.length) {
            for (const call of calls) if (call.arguments?.[index]) collect(call.arguments[index], strict, seen, hops - 1);
            return;
          }
          if (!decl.initializer && strict) unresolved.push({ ...siteOf(expr), text: expr.getText() });
          return;
        }
        if (ts.isEnumMember(decl) || ts.isFunctionDeclaration(decl)) return;
        if (ts.isPropertySignature(decl)) {
          const found = implementationsOf(decl);
          for (const init of found) collect(init, strict, seen, hops - 1);
          if (found.length) return;
        }
      }
      if (ts.isPropertyAccessExpression(expr) && expr.name.text === "message") {
        const cls = errorClassOf(expr.expression);
        if (cls) {
          for (const init of errorClassMessages(cls)) collect(init, strict, seen, hops - 1);
          return;
        }
      }
      if (strict && !CYRILLIC.test(expr.getText())) unresolved.push({ ...siteOf(expr), text: expr.getText() });
      return;
    }
    if (ts.isElementAccessExpression(expr)) {
      collect(expr.expression, strict, seen, hops);
      return;
    }
    if (ts.isCallExpression(expr)) {
      const fn = functionOf(declarationOf(expr.expression));
      if (fn && inWorker(fn)) {
        for (const r of returnsOf(fn)) collect(r, strict, seen, hops - 1);
        return;
      }
      // String(x), x.trim(), x.slice(…): the receiver's texts.
      if (ts.isPropertyAccessExpression(expr.expression) && ["trim", "slice", "toString", "replace", "toUpperCase", "toLowerCase"].includes(expr.expression.name.text)) {
        collect(expr.expression.expression, strict, seen, hops);
        return;
      }
      if (strict) unresolved.push({ ...siteOf(expr), text: expr.getText() });
      return;
    }
    if (expr.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(expr) && expr.text === "undefined")) return;
    if (strict && !ts.isNumericLiteral(expr)) unresolved.push({ ...siteOf(expr), text: expr.getText() });
  };

  const calleeName = (callee: ts.Expression): string | undefined =>
    ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;

  const messageProps = (obj: ts.ObjectLiteralExpression, names: string[], strict = true) => {
    for (const p of obj.properties) {
      if (!p.name || !ts.isIdentifier(p.name) || !names.includes(p.name.text)) continue;
      if (ts.isPropertyAssignment(p)) collect(p.initializer, strict, new Set());
      else if (ts.isShorthandPropertyAssignment(p)) collect(p.name, strict, new Set());
      else if (ts.isMethodDeclaration(p)) for (const r of returnsOf(p)) collect(r, strict, new Set());
    }
  };

  for (const sf of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeName(node.expression);
        const args = node.arguments ?? ts.factory.createNodeArray<ts.Expression>();
        const errorCall = name ? ERROR_CALLS[name] : undefined;
        const isError = errorCall && (ts.isNewExpression(node) === (name === "AppError")) && declaredInLibErrors(node.expression);
        if (isError) {
          if (args[errorCall.message]) collect(args[errorCall.message], true, new Set());
          if (errorCall.details !== undefined && args[errorCall.details]) collect(args[errorCall.details], false, new Set());
        } else if (name === "addIssue" || (name === "push" && ts.isPropertyAccessExpression(node.expression) && /issues$/.test(node.expression.expression.getText()))) {
          for (const a of args) if (ts.isObjectLiteralExpression(skipWrappers(a))) messageProps(skipWrappers(a) as ts.ObjectLiteralExpression, ["message"]);
        } else if (name === "json" && ts.isPropertyAccessExpression(node.expression) && args[0] && ts.isObjectLiteralExpression(skipWrappers(args[0]))) {
          // A change's success message (`c.json({ ...field, message: "Поле создано" })`): worded in the
          // caller's language too (localiseSuccessResponse).
          messageProps(skipWrappers(args[0]) as ts.ObjectLiteralExpression, ["message"], false);
        } else if (name && ts.isPropertyAccessExpression(node.expression) && ZOD_METHODS.has(name)) {
          for (const a0 of args) {
            const a = skipWrappers(a0);
            if (ts.isStringLiteralLike(a) || ts.isTemplateExpression(a) || ts.isConditionalExpression(a)) collect(a, false, new Set());
            else if (ts.isObjectLiteralExpression(a)) messageProps(a, ["error", "message"], false);
            else if (ts.isIdentifier(a) || ts.isPropertyAccessExpression(a)) collect(a, false, new Set());
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  /** `notFound(…)` imported from worker/lib/errors.ts, or `errors.notFound(…)` of a namespace import (not hono's `c.notFound()`). */
  function declaredInLibErrors(callee: ts.Expression): boolean {
    const decl = declarationOf(callee, false);
    return !!decl && relative(ROOT, decl.getSourceFile().fileName) === join("worker", "lib", "errors.ts");
  }

  return { messages, unresolved };
}

function skipWrappers(expr: ts.Expression): ts.Expression {
  while (ts.isAwaitExpression(expr) || ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isTypeAssertionExpression(expr))
    expr = expr.expression;
  return expr;
}

/**
 * `Лимит «${plan.name}»: ${n}` → msgid `Лимит «{name}»: {n}`, with the substituted expressions. A
 * substitution that is a conditional between texts (`${more ? ` (и ещё ${n})` : ""}`) is spelled
 * out: one msgid per branch, each a whole sentence, as gettext wants them.
 */
function templateOf(expr: ts.Expression): Array<{ msgid: string; parts: ts.Expression[] }> {
  type Piece = string | ts.Expression;
  const isText = (e: ts.Expression): boolean => {
    e = skipWrappers(e);
    return ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || (ts.isConditionalExpression(e) && isText(e.whenTrue) && isText(e.whenFalse));
  };
  // Every sequence of pieces the expression can spell.
  const spell = (e: ts.Expression): Piece[][] => {
    e = skipWrappers(e);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) return join(spell(e.left), spell(e.right));
    if (ts.isStringLiteralLike(e)) return [[e.text]];
    if (ts.isTemplateExpression(e)) {
      let out: Piece[][] = [[e.head.text]];
      for (const span of e.templateSpans) {
        const sub = skipWrappers(span.expression);
        out = join(out, ts.isConditionalExpression(sub) && isText(sub.whenTrue) && isText(sub.whenFalse) ? [...spell(sub.whenTrue), ...spell(sub.whenFalse)] : [[sub]]);
        out = join(out, [[span.literal.text]]);
      }
      return out;
    }
    if (ts.isConditionalExpression(e) && isText(e.whenTrue) && isText(e.whenFalse)) return [...spell(e.whenTrue), ...spell(e.whenFalse)];
    return [[e]];
  };
  const join = (a: Piece[][], b: Piece[][]): Piece[][] => a.flatMap((x) => b.map((y) => [...x, ...y])).slice(0, 32);

  return spell(expr).map((pieces) => {
    let msgid = "";
    const parts: ts.Expression[] = [];
    const used = new Set<string>();
    let previous: ts.Expression | null = null;
    for (const piece of pieces) {
      if (typeof piece === "string") {
        if (piece) previous = null;
        msgid += piece;
        continue;
      }
      parts.push(piece);
      // `${w[0].toUpperCase()}${w.slice(1)}` is one value.
      if (previous && placeholderName(previous) === placeholderName(piece)) continue;
      let name = placeholderName(piece);
      for (let i = 2; used.has(name); i++) name = `${placeholderName(piece)}${i}`;
      used.add(name);
      msgid += `{${name}}`;
      previous = piece;
    }
    return { msgid, parts };
  });
}

const GLOBALS = new Set(["Math", "String", "Number", "Object", "JSON", "Array"]);

/** `${plan.name}` → `{name}`, `${Math.round(ms / 1000)}` → `{ms}`, `${formatRub(max)}` → `{formatRub}`. */
function placeholderName(expr: ts.Expression): string {
  const e = skipWrappers(expr);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isElementAccessExpression(e)) return placeholderName(e.expression);
  if (ts.isBinaryExpression(e)) return placeholderName(e.left);
  if (ts.isPrefixUnaryExpression(e)) return placeholderName(e.operand);
  if (ts.isConditionalExpression(e)) return placeholderName(ts.isStringLiteralLike(skipWrappers(e.whenTrue)) ? e.condition : e.whenTrue);
  if (ts.isCallExpression(e)) {
    const callee = skipWrappers(e.expression);
    const viaArgument = () => (e.arguments[0] ? placeholderName(e.arguments[0]) : "value");
    if (ts.isPropertyAccessExpression(callee)) return ts.isIdentifier(callee.expression) && GLOBALS.has(callee.expression.text) ? viaArgument() : placeholderName(callee.expression);
    if (ts.isIdentifier(callee)) return GLOBALS.has(callee.text) ? viaArgument() : callee.text;
  }
  return "value";
}

const PLACEHOLDER = /\{([A-Za-z_$][\w$]*)\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

describe("English catalogue of the worker's error messages", () => {
  let extraction: Extraction;

  // The scan types the worker's sources with the TypeScript compiler: some seconds, more on a busy machine.
  beforeAll(() => {
    extraction = extractErrorMessages();
    // `ERROR_MESSAGES_DUMP=<file> npx vitest run --config vitest.web.config.ts tests/web/error-messages-catalogue.test.ts`
    // writes what the scan found (msgid → sites, and the arguments it could not follow).
    if (process.env.ERROR_MESSAGES_DUMP)
      writeFileSync(process.env.ERROR_MESSAGES_DUMP, JSON.stringify({ messages: Object.fromEntries(extraction.messages), unresolved: extraction.unresolved }, null, 1));
  }, 180_000);

  it("finds the messages, following constants, helpers and templates", () => {
    expect(extraction.messages.size).toBeGreaterThan(700);
    expect(extraction.messages.has("Поле с таким ключом уже есть")).toBe(true); // conflict(...)
    expect(extraction.messages.has("Лимит тарифа «{planName}» исчерпан: {what} {current} из {limit}. {hint}")).toBe(true); // a helper's template
    expect(extraction.messages.has("ответов ИИ")).toBe(true); // a label table interpolated into it
    expect(extraction.messages.has("Введите название поля")).toBe(true); // zod .min(1, "…")
    expect(extraction.messages.has("Неверный секрет вебхука Telegram")).toBe(true); // an adapter's property, thrown elsewhere
  });

  it("follows every message argument to its texts", () => {
    // A message the scan cannot follow (a value from another service, a caught error's text) would
    // escape the catalogue: make it a literal or a constant, or teach the scan the new path.
    const lines = extraction.unresolved.map((u) => `  ${u.file}:${u.line}  ${u.text}`);
    expect(lines, `message arguments the scan cannot follow:\n${lines.join("\n")}`).toEqual([]);
  });

  it("has an English entry for every Russian message", () => {
    const missing = [...extraction.messages.entries()]
      .filter(([msgid]) => !(msgid in EN_MESSAGES))
      .map(([msgid, sites]) => `  ${JSON.stringify(msgid)}: "",  // ${sites[0].file}:${sites[0].line}`);
    expect(missing, `add these to worker/lib/error-messages-en.ts:\n${missing.join("\n")}`).toEqual([]);
  });

  it("has no entry for a message the worker no longer throws", () => {
    const stale = Object.keys(EN_MESSAGES).filter((msgid) => !extraction.messages.has(msgid));
    expect(stale, "remove these from worker/lib/error-messages-en.ts (or update them to the new Russian text)").toEqual([]);
  });

  it("writes each English text in English, with the message's placeholders", () => {
    const bad = Object.entries(EN_MESSAGES).filter(
      ([ru, en]) => !en.trim() || /[\u0400-\u04FF]/.test(en) || placeholders(ru).join() !== placeholders(en).join() || /[{}]/.test(ru.replace(PLACEHOLDER, "")),
    );
    expect(bad).toEqual([]);
  });
});

describe("localiseMessage", () => {
  it("translates a message, and keeps the Russian one for Russian", () => {
    expect(localiseMessage("Поле с таким ключом уже есть", "en")).toBe("A field with this key already exists");
    expect(localiseMessage("Поле с таким ключом уже есть", "ru")).toBe("Поле с таким ключом уже есть");
  });

  it("fills a pattern's values, translating those that are catalogue texts", () => {
    expect(localiseMessage("Лимит тарифа «Старт» исчерпан: ответов ИИ 100 из 100. Перейдите на тариф выше, чтобы добавить ещё.", "en")).toBe(
      "The “Старт” plan limit is used up: 100 of 100 AI replies. Upgrade to a higher plan to add more.",
    );
    expect(localiseMessage("Лимит тарифа «Free» исчерпан: получателей рассылок за период 5 из 5. В пакетах рассылок получателей не осталось: купите пакет или перейдите на тариф выше.", "en")).toBe(
      "The “Free” plan limit is used up: 5 of 5 broadcast recipients per period. No broadcast recipients are left in your packages: buy a package or upgrade to a higher plan.",
    );
    expect(localiseMessage("Цену — целое число копеек", "en")).toBe("The price must be a whole number of kopecks");
  });

  it("translates the validator's summary, a field key before the message", () => {
    expect(localiseMessage("Проверьте введённые данные — name: Введите название поля", "en")).toBe("Please check the data you entered — name: Enter the field name");
    expect(localiseMessage("Проверьте введённые данные — Введите название поля", "en")).toBe("Please check the data you entered — Enter the field name");
  });

  it("keeps the Russian text of a message it does not know, never a key or nothing", () => {
    expect(localiseMessage("Совершенно новое сообщение", "en")).toBe("Совершенно новое сообщение");
    expect(localiseMessage("Совершенно новое: сообщение", "en")).toBe("Совершенно новое: сообщение");
    expect(localiseMessage("", "en")).toBe("");
  });
});

describe("errorLanguage", () => {
  it("is English when the request prefers English, Russian otherwise", () => {
    expect(errorLanguage("en")).toBe("en");
    expect(errorLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(errorLanguage("fr;q=0.9, en;q=0.8")).toBe("en");
    expect(errorLanguage("ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(errorLanguage(undefined)).toBe("ru");
    expect(errorLanguage("")).toBe("ru");
    expect(errorLanguage("ar")).toBe("ru");
    expect(errorLanguage("fr")).toBe("ru");
    expect(errorLanguage("en;q=0")).toBe("ru");
  });
});
