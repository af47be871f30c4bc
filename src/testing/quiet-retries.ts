import { configure, getConfig, prettyDOM } from '@testing-library/react';

/**
 * True while Testing Library tries a `waitFor` or `find*` callback. It sets this flag then; the flag is
 * not in its published types (checked by setup-dom.test.tsx).
 */
export const isRetrying = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
    ._disableExpensiveErrorDiagnostics === true;

/**
 * A query that fails inside `waitFor` or a `find*` retry throws an error that is discarded, and the
 * timeout's error is rebuilt from its message with the document. Printing the whole document into
 * each discarded one was a fiftieth of the component tests' time.
 */
export function quietRetries(): void {
  configure({
    getElementError: (message, container) => {
      const document = isRetrying()
        ? ''
        : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container) || ''}`;
      const error = new Error([message, document].filter(Boolean).join('\n\n'));
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}
