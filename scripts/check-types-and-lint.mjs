// Type check and lint on one TypeScript program: the compiler's diagnostics (what `tsc -p
// tsconfig.json` reports), then ESLint's type-aware rules on the same program instead of a second
// one of its own (decision 0039). Exit code 1 on any type error, lint error or warning.
import { ESLint } from 'eslint';
import ts from 'typescript';

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

const eslint = new ESLint({
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { programs: [program], projectService: false } },
  },
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
process.stdout.write(await formatter.format(results));
const problems = results.reduce((sum, r) => sum + r.errorCount + r.warningCount, 0);
process.stdout.write(`lint: ${problems} problems\n`);
process.exit(typeErrors || problems > 0 ? 1 : 0);
