// Type check and lint on one TypeScript program: the compiler's diagnostics (what `tsc -p
// tsconfig.json` reports), then ESLint's type-aware rules on the same program instead of a second
// one of its own (decision 0039). Exit code 1 on any type error, lint error or warning.
//
// `--part=react`: only the React hooks' and accessibility rules, which need no type information
// (the hooks' rules run the React Compiler's analysis on every function), on the browser app; the
// default part runs every other rule. `npm test` runs the two side by side (decision 0055);
// `npm run lint` still runs all rules at once.
import { ESLint } from 'eslint';
import ts from 'typescript';

const reactPart = process.argv.includes('--part=react');
const isReactRule = (id) => id.startsWith('react-hooks/') || id.startsWith('jsx-a11y/');

/** Every rule ESLint's configuration sets for a file of the browser app, `on` or off. */
async function rulesOfTheApp(on) {
  const config = await new ESLint().calculateConfigForFile('src/app/app.tsx');
  return Object.fromEntries(
    Object.keys(config.rules ?? {})
      .filter((id) => isReactRule(id) !== on)
      .map((id) => [id, 'off']),
  );
}

/** A directive that disables a rule of the other part suppresses nothing in this one. */
const otherPartsDirective = (message) => {
  const rule = /^Unused eslint-disable directive \(no problems were reported from '([^']+)'\)/.exec(
    message.message,
  )?.[1];
  return rule !== undefined && isReactRule(rule) !== reactPart;
};

async function lint(overrideConfig, patterns) {
  const eslint = new ESLint({ overrideConfig });
  const results = (await eslint.lintFiles(patterns)).map((result) => {
    const messages = result.messages.filter((message) => !otherPartsDirective(message));
    const count = (severity) => messages.filter((message) => message.severity === severity).length;
    return { ...result, messages, errorCount: count(2), warningCount: count(1) };
  });
  const formatter = await eslint.loadFormatter('stylish');
  process.stdout.write(await formatter.format(results));
  const problems = results.reduce((sum, r) => sum + r.errorCount + r.warningCount, 0);
  process.stdout.write(`lint: ${problems} problems\n`);
  return problems;
}

if (reactPart) {
  const problems = await lint(
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false, programs: null } },
      rules: await rulesOfTheApp(true),
    },
    ['src'],
  );
  process.exit(problems > 0 ? 1 : 0);
}

const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};
const fail = (diagnostics) => {
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  return diagnostics.length > 0;
};

const configErrors = [];
const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d) },
);
if (!config || fail([...configErrors, ...config.errors])) process.exit(1);

const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const typeErrors = fail(ts.getPreEmitDiagnostics(program));
process.stdout.write(`type check: ${typeErrors ? 'errors above' : 'no errors'}\n`);

const problems = await lint(
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { programs: [program], projectService: false } },
    rules: await rulesOfTheApp(false),
  },
  ['.'],
);
process.exit(typeErrors || problems > 0 ? 1 : 0);
