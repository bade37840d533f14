import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { errorLanguage, localiseMessage } from "@worker/lib/error-i18n";
import { EN_MESSAGES } from "@worker/lib/error-messages-en";
import { AR_MESSAGES } from "@worker/lib/error-messages-ar";
import { FR_MESSAGES } from "@worker/lib/error-messages-fr";

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
 *
 * Messages reach the user in other forms too (`out.validTo = ["…"]` thrown later as
 * `details.fields`, `errors.push("…")`, a helper's `fail("…")`, a `message` built in a constant, a
 * failure reason a job stores), and a flow scan misses each new form until it is taught it. So a
 * sweep (sweepRussianTexts) then takes every other Russian text of worker/ for a message, unless
 * NOT_MESSAGES says what else it is (an e-mail, the model's prompt, a billing document, a CSV
 * header, what the business's customers read in the messenger…): a new Russian text needs an English
 * entry or a reason there.
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
  /** The texts each rule of NOT_MESSAGES left out (for the dump). */
  notMessages: Record<string, string[]>;
  /** Rules of NOT_MESSAGES that no text of the worker matches any more. */
  unusedRules: string[];
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

  // Then every other Russian text of the worker, whatever the form it takes on its way out
  // (`out.field = ["…"]`, `errors.push("…")`, a stored failure reason, a notice): see sweepRussianTexts.
  const left = new Map<NotMessages, string[]>();
  for (const [msgid, sites] of sweepRussianTexts(sources, left)) messages.set(msgid, [...(messages.get(msgid) ?? []), ...sites]);

  return {
    messages,
    unresolved,
    notMessages: Object.fromEntries([...left].map(([rule, texts]) => [rule.why, texts])),
    unusedRules: NOT_MESSAGES.filter((r) => !left.has(r)).map((r) => r.why),
  };
}

/**
 * Every Russian text written in worker/ that is not listed in NOT_MESSAGES, as msgids. The flow scan
 * above knows the ways a message has been written so far; this sweep does not rely on them: a text
 * (a string, or a template with its `${…}` as placeholders, concatenations and conditionals between
 * texts spelled out as in templateOf) counts as a message wherever it is, unless a rule of
 * NOT_MESSAGES says what else it is. Russian inside SQL (`error = 'Рассылка отменена до отправки'`)
 * is a stored message too. `left` collects what each rule left out.
 */
function sweepRussianTexts(sources: readonly ts.SourceFile[], left = new Map<NotMessages, string[]>()): Map<string, Site[]> {
  const out = new Map<string, Site[]>();
  const add = (msgid: string, node: ts.Node) => {
    const sf = node.getSourceFile();
    const site = { file: relative(ROOT, sf.fileName), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
    out.set(msgid, [...(out.get(msgid) ?? []), site]);
  };
  const done = new Set<ts.Node>();
  for (const sf of sources) {
    const file = relative(ROOT, sf.fileName).split("\\").join("/");
    if (file === "worker/lib/error-messages-en.ts") continue;
    const visit = (node: ts.Node) => {
      if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      let start: ts.Expression | undefined;
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CYRILLIC.test(node.text)) start = node;
      else if ((ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && CYRILLIC.test(node.text))
        start = (ts.isTemplateHead(node) ? node.parent : node.parent.parent) as ts.TemplateExpression;
      // A key (`"в наличии": "in_stock"`) names a value, it is never shown.
      if (start && !(ts.isPropertyAssignment(start.parent) && start.parent.name === start)) {
        const text = outermostText(start);
        if (!done.has(text)) {
          done.add(text);
          const rule = NOT_MESSAGES.find((r) => notAMessage(r, file, text));
          if (rule) left.set(rule, [...(left.get(rule) ?? []), `${file}: ${text.getText().slice(0, 120)}`]);
          else
            for (const { msgid } of templateOf(text)) {
              if (SQL.test(msgid)) for (const m of msgid.matchAll(/'([^']*[\u0400-\u04FF][^']*)'/g)) add(m[1]!, text);
              else if (CYRILLIC.test(msgid.replace(PLACEHOLDER, ""))) add(msgid, text);
            }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

const isTextExpression = (e: ts.Expression): boolean => {
  e = skipWrappers(e);
  return ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || (ts.isConditionalExpression(e) && isTextExpression(e.whenTrue) && isTextExpression(e.whenFalse));
};

/** The whole text a piece belongs to: up through templates, `+` and conditionals between texts. */
function outermostText(piece: ts.Expression): ts.Expression {
  let e: ts.Node = piece;
  for (;;) {
    const p: ts.Node = e.parent;
    if (ts.isTemplateSpan(p)) e = p.parent;
    else if (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isNonNullExpression(p)) e = p;
    else if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) e = p;
    else if (ts.isConditionalExpression(p) && p.condition !== e && isTextExpression(p.whenTrue) && isTextExpression(p.whenFalse)) e = p;
    else return e as ts.Expression;
  }
}

/** SQL, or a piece of it (`state = 'skipped', error = '…'`): its quoted Russian values are the messages. */
const SQL = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\s|^\s*\w+ = '/;

/**
 * What a Russian text of the worker that is not a message is. Keep each rule narrow: a whole file
 * only when all its Russian is of one kind (the flow scan still finds the messages thrown there);
 * otherwise the declaration, the name or the call the text is written in.
 */
interface NotMessages {
  why: string;
  /** Paths (from the repository's root, with `/`) the rule is about. */
  files: RegExp;
  /** Only texts whose msgid matches. */
  texts?: RegExp;
  /** All the file's texts. */
  whole?: boolean;
  /** Texts anywhere inside these declarations: a constant, a function, a property of an object literal. */
  within?: string[];
  /** Texts that are (a branch or an element of) the value given to one of these names: a property, a constant, an assignment. */
  values?: string[];
  /** Texts among the arguments of a call of one of these functions (`sendMail`) or methods (`replace`). */
  calls?: string[];
  /** Texts that are elements of an array literal holding Latin spellings too: the words an input is compared with. */
  spellings?: boolean;
}

function notAMessage(rule: NotMessages, file: string, text: ts.Expression): boolean {
  if (!rule.files.test(file) || (rule.texts && !templateOf(text).every(({ msgid }) => rule.texts!.test(msgid)))) return false;
  // A field's message (`details: { fields: { content: ["…"] } }`) is one whatever its field is named.
  const list = text.parent;
  if (ts.isArrayLiteralExpression(list) && ts.isPropertyAssignment(list.parent) && ts.isObjectLiteralExpression(list.parent.parent)) {
    const holder = list.parent.parent.parent;
    if (ts.isPropertyAssignment(holder) && holder.name.getText() === "fields") return false;
  }
  if (rule.whole) return true;
  for (let n: ts.Node = text; n.parent && !ts.isSourceFile(n); n = n.parent) {
    const p = n.parent;
    if (rule.within && (ts.isVariableDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isPropertyAssignment(n)) && n.name && rule.within.includes(n.name.getText()))
      return true;
    if (rule.calls && (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== n) {
      const callee = skipWrappers(p.expression);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
      if (rule.calls.includes(name)) return true;
    }
  }
  if (rule.values) {
    // Up through what keeps the text (a part of) the value: `[…]`, `a ? … : …`, `x ?? …`, `(…)`, `${…}`, `….slice(0, 200)`, `String(…)`.
    let n: ts.Node = text;
    for (;;) {
      const p = n.parent;
      if (ts.isArrayLiteralExpression(p) || ts.isConditionalExpression(p) || ts.isParenthesizedExpression(p)) n = p;
      else if (ts.isBinaryExpression(p) && p.operatorToken.kind !== ts.SyntaxKind.EqualsToken && (p.right === n || p.operatorToken.kind === ts.SyntaxKind.PlusToken)) n = p;
      else if (ts.isTemplateSpan(p)) n = p.parent;
      else if (ts.isPropertyAccessExpression(p) && ts.isCallExpression(p.parent) && p.parent.expression === p) n = p.parent;
      else if (ts.isCallExpression(p) && p.expression.getText() === "String") n = p;
      else break;
    }
    const p = n.parent;
    const name =
      (ts.isPropertyAssignment(p) || ts.isVariableDeclaration(p)) && p.initializer === n
        ? p.name.getText()
        : ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === n
          ? (ts.isPropertyAccessExpression(p.left) ? p.left.name : p.left).getText()
          : undefined;
    if (name && rule.values.includes(name)) return true;
  }
  if (rule.spellings && ts.isArrayLiteralExpression(text.parent))
    return text.parent.elements.some((e) => ts.isStringLiteral(e) && /^[a-z][a-z ]*$/.test(e.text));
  return false;
}

/**
 * The worker's Russian that is not a message to the app's user: not an error, a field's error, a
 * success message, a notice or a failure reason the app shows. Each rule says what it is instead.
 */
const NOT_MESSAGES: NotMessages[] = [
  // Language data.
  { why: "the Russian stemmer's suffixes (knowledge search)", files: /^worker\/features\/knowledge\/stemmer\.ts$/, whole: true },
  { why: "words an input is compared with: import column names, yes/no spellings", files: /^worker\//, spellings: true },
  { why: "search normalisation (ё → е)", files: /^worker\//, texts: /^[ЁёЕе]$/, calls: ["replace"] },
  // Billing documents: legal Russian documents, and the financial records they are made from.
  { why: "invoices and acts: the sum in words, the HTML of the document, the seller's legal details", files: /^worker\/features\/billing\/(amount-words|document-html|seller)\.ts$/, whole: true },
  { why: "fiscal receipts' VAT titles", files: /^worker\/features\/billing\/receipts\.ts$/, within: ["VAT_TITLES"], values: ["vatTitle"] },
  { why: "document numbers' prefixes and the act's lines", files: /^worker\/features\/billing\/documents\.ts$/, within: ["PREFIX", "ACT_LINES"] },
  {
    why: "what a payment, a ledger entry or a document line is for: a financial record, kept as issued (the payment system shows it too)",
    files: /^worker\/features\/billing\//,
    values: ["description", "methodTitle", "title", "unit"],
    within: ["settleStatement", "planDescription"],
    calls: ["replace", "plural"],
  },
  // Texts for the model.
  { why: "the assistant's system prompt", files: /^worker\/ai\/prompt\.ts$/, whole: true },
  {
    why: "the model's tools: titles, descriptions, results and notes are read by the model (the app labels a tool by its name)",
    files: /^worker\/(ai\/tools|features\/google-calendar\/calendar-tools|features\/products\/catalogue-tools)\.ts$/,
    whole: true,
  },
  { why: "the prompt that drafts an assistant's instructions", files: /^worker\/features\/assistants\/assistants\.service\.ts$/, within: ["GENERATE_SYSTEM", "LANGUAGE_NAMES", "messages"] },
  { why: "an FAQ entry's indexed text", files: /^worker\/features\/knowledge\/text\.ts$/, within: ["faqText"] },
  { why: "label tables for the model's tools and the exports (the app labels these by their keys)", files: /^worker\/features\/products\/contract\.ts$/, within: ["AVAILABILITY_LABELS", "PROMOTION_STATUS_LABELS"] },
  // What the business's customers read in the messenger (the business writes or edits it).
  { why: "the built-in flow templates (their texts are translated by language tables, not the catalogue)", files: /^worker\/features\/flows\/template-texts\.ts$/, whole: true },
  { why: "a flow's replies to the customer: defaults of the booking step, answer checks, the fallback error text", files: /^worker\/features\/flows\/runtime\//, within: ["BOOKING_DEFAULTS", "checkAnswer"], values: ["text"] },
  { why: "slot buttons and the booking reminder", files: /^worker\/features\/google-calendar\/(flow-booking|reminder\.job)\.ts$/, within: ["WEEKDAYS", "fullLabel", "reminderText"] },
  { why: "a product card sent to the customer", files: /^worker\/features\/products\/product-card\.ts$/, whole: true },
  { why: "a broadcast variable's value in the customer's message", files: /^worker\/features\/broadcasts\/contract\.ts$/, within: ["shown"] },
  { why: "the default handoff message a new assistant sends", files: /^worker\/features\/assistants\/assistants\.service\.ts$/, values: ["handoffMessage"] },
  // The conversation itself: what a message of the chat says, written once (inbound events, system lines).
  { why: "a conversation message's content, and a system line's text", files: /^worker\//, values: ["content"] },
  { why: "WhatsApp call events as the chat shows them", files: /^worker\/channels\/whatsapp\/greenapi\.ts$/, within: ["CALL_TEXT"] },
  { why: "a flow event's system line", files: /^worker\/features\/flows\/runtime\/commit\.ts$/, within: ["eventLine"] },
  { why: "why the assistant handed a dialog over: the system line's and the e-mail's reason", files: /^worker\/ai\/runner\.ts$/, calls: ["handOff"] },
  // E-mails (their recipient's language is not the request's).
  { why: "e-mails", files: /^worker\//, calls: ["sendMail", "notifyOperatorsByMail"], values: ["subject"] },
  { why: "e-mails: the handoff e-mail, the partner programme's e-mails", files: /^worker\/(ai\/handoff-mail|features\/partners\/partners\.mail)\.ts$/, whole: true },
  { why: "the role in the invitation e-mail", files: /^worker\/features\/members\/members\.service\.ts$/, within: ["roleLabel"] },
  // Exports: spreadsheets and CSV files.
  { why: "exported spreadsheets' headers and cells", files: /^worker\/features\/(analytics|contacts|products)\/export\.ts$/, whole: true },
  { why: "the broadcast recipients' export", files: /^worker\/features\/broadcasts\/recipients\.service\.ts$/, within: ["STATE_RU", "HEADERS"], values: ["sheet"] },
  { why: "the contact import's report (CSV)", files: /^worker\/features\/contact-import\/import\.service\.ts$/, within: ["importReport"] },
  // Other systems and the account's own data.
  { why: "leads, contacts and comments written into Bitrix24", files: /^worker\/features\/bitrix24\/leads\.ts$/, whole: true },
  { why: "a Google Calendar event's summary and description", files: /^worker\/features\/google-calendar\/booking\.service\.ts$/, values: ["summary", "description"] },
  { why: "the test event's payload sent to a webhook endpoint", files: /^worker\/features\/outgoing-webhooks\/outgoing-webhooks\.service\.ts$/, within: ["data"] },
  { why: "the webhook event catalogue's descriptions (API documentation; the app labels an event by its type)", files: /^worker\/features\/outgoing-webhooks\/catalogue\.ts$/, within: ["WEBHOOK_EVENT_TYPES"] },
  {
    why: "names given to what the worker creates: a copy, the test contact, a template's field, an assistant's knowledge source",
    files: /^worker\/features\/(flows\/flows\.service|products\/products\.service|playground\/playground\.service|knowledge\/assistant-text)\.ts$/,
    within: ["copyName", "titleOf"],
    values: ["name", "description"],
  },
];

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
    // writes what the scan found (msgid → sites, the arguments it could not follow, and what each rule of NOT_MESSAGES left out).
    if (process.env.ERROR_MESSAGES_DUMP)
      writeFileSync(
        process.env.ERROR_MESSAGES_DUMP,
        JSON.stringify({ messages: Object.fromEntries(extraction.messages), unresolved: extraction.unresolved, notMessages: extraction.notMessages }, null, 1),
      );
  }, 180_000);

  it("finds the messages, following constants, helpers and templates", () => {
    expect(extraction.messages.size).toBeGreaterThan(700);
    expect(extraction.messages.has("Поле с таким ключом уже есть")).toBe(true); // conflict(...)
    expect(extraction.messages.has("Лимит тарифа «{planName}» исчерпан: {what} {current} из {limit}. {hint}")).toBe(true); // a helper's template
    expect(extraction.messages.has("ответов ИИ")).toBe(true); // a label table interpolated into it
    expect(extraction.messages.has("Введите название поля")).toBe(true); // zod .min(1, "…")
    expect(extraction.messages.has("Неверный секрет вебхука Telegram")).toBe(true); // an adapter's property, thrown elsewhere
  });

  it("finds the messages written in any other form, and leaves out what is not a message", () => {
    const has = (msgid: string) => extraction.messages.has(msgid);
    expect(has("Дата окончания должна быть позже даты начала")).toBe(true); // `out.validTo = ["…"]`, thrown as details.fields
    expect(has("Такого тега нет в аккаунте")).toBe(true); // `errors[`filter.tags.${mode}`] = ["…"]`
    expect(has("Слишком большое число")).toBe(true); // a helper's `fail("…")`, put into details.fields by its caller
    expect(has("Удалено контактов: {affected}")).toBe(true); // `c.json({ ...r, message })`, the message a constant
    expect(has("Ассистенты не отвечают: ответы ИИ по тарифу закончились и на балансе не хватает денег. Владелец аккаунта может пополнить баланс или сменить тариф.")).toBe(true); // a banner's `message`
    expect(has("Рассылка отменена до отправки")).toBe(true); // a failure reason written by SQL
    expect(has("Сайт не ответил за 10 секунд")).toBe(true); // a failure reason stored by a job
    // `fields: { content: ["…"] }` is a field's message, though `content` is also a conversation message's text.
    expect(Object.values(extraction.notMessages).flat().filter((t) => t.includes("Введите сообщение или приложите файл"))).toEqual([]);
    // Not messages (NOT_MESSAGES): an e-mail, the model's prompt, a CSV header, the sum in words.
    expect(has("{APP_NAME}: подтвердите e-mail")).toBe(false);
    expect(has("## Правила")).toBe(false);
    expect(has("Показатель")).toBe(false);
    expect(has("сто")).toBe(false);
  });

  it("lists no rule of what is not a message that matches nothing", () => {
    expect(extraction.unusedRules).toEqual([]);
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

describe("French and Arabic catalogues of the worker's messages", () => {
  // Translated from the same Russian msgids as the English one: complete, nothing else, each text in
  // its own language with the message's placeholders (in the order the language wants them).
  for (const [name, catalogue] of [
    ["French", FR_MESSAGES],
    ["Arabic", AR_MESSAGES],
  ] as const) {
    it(`${name}: an entry for every message of the English catalogue, and no other`, () => {
      expect(Object.keys(EN_MESSAGES).filter((msgid) => !(msgid in catalogue))).toEqual([]);
      expect(Object.keys(catalogue).filter((msgid) => !(msgid in EN_MESSAGES))).toEqual([]);
    });

    it(`${name}: each text written in ${name}, with the message's placeholders`, () => {
      const bad = Object.entries(catalogue).filter(([ru, text]) => !text.trim() || /[\u0400-\u04FF]/.test(text) || placeholders(ru).join() !== placeholders(text).join());
      expect(bad).toEqual([]);
      if (name === "Arabic") {
        // Arabic script in every text that has words of its own (not a bare placeholder or a name).
        const notArabic = Object.entries(catalogue).filter(([, text]) => /[A-Za-z]{3}/.test(text.replace(PLACEHOLDER, "")) && !/[\u0600-\u06FF]/.test(text));
        expect(notArabic).toEqual([]);
      }
    });
  }
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

  it("speaks French and Arabic from their catalogues, patterns and the validator's summary included", () => {
    expect(localiseMessage("Поле с таким ключом уже есть", "fr")).toBe(FR_MESSAGES["Поле с таким ключом уже есть"]);
    expect(localiseMessage("Поле с таким ключом уже есть", "ar")).toBe(AR_MESSAGES["Поле с таким ключом уже есть"]);
    for (const lang of ["fr", "ar"] as const) {
      const catalogue = lang === "fr" ? FR_MESSAGES : AR_MESSAGES;
      const limit = localiseMessage("Лимит тарифа «Старт» исчерпан: ответов ИИ 100 из 100. Перейдите на тариф выше, чтобы добавить ещё.", lang);
      // The plan's name is the account's data and stays; every other word is translated.
      expect(limit).toContain("Старт");
      expect(limit.replace("Старт", "")).not.toMatch(/[\u0400-\u04FF]/);
      expect(limit).toContain("100");
      expect(limit).toContain(catalogue["ответов ИИ"]);
      const summary = localiseMessage("Проверьте введённые данные — name: Введите название поля", lang);
      // French sets a space before the colon: the pattern's own text decides.
      expect(summary).toMatch(new RegExp(`name ?: ${catalogue["Введите название поля"]}$`));
      expect(summary).not.toMatch(/Проверьте|Введите/);
    }
  });

  it("keeps the Russian text of a message it does not know, never a key or nothing", () => {
    expect(localiseMessage("Совершенно новое сообщение", "en")).toBe("Совершенно новое сообщение");
    expect(localiseMessage("Совершенно новое: сообщение", "en")).toBe("Совершенно новое: сообщение");
    expect(localiseMessage("", "en")).toBe("");
  });
});

describe("errorLanguage", () => {
  it("is the language of the four the request prefers, Russian otherwise", () => {
    expect(errorLanguage("en")).toBe("en");
    expect(errorLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(errorLanguage("fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(errorLanguage("de;q=0.9, en;q=0.8")).toBe("en");
    expect(errorLanguage("ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru");
    expect(errorLanguage(undefined)).toBe("ru");
    expect(errorLanguage("")).toBe("ru");
    expect(errorLanguage("de")).toBe("ru");
    expect(errorLanguage("ar")).toBe("ar");
    expect(errorLanguage("fr-CA")).toBe("fr");
    expect(errorLanguage("en;q=0")).toBe("ru");
  });
});
