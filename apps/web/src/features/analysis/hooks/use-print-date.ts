import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Now, as of the last print: the date a printed report states. It is read again when the browser is about to
 * print (`beforeprint`), synchronously so the printout has it, as a page left open overnight would otherwise
 * print yesterday's date.
 */
export function usePrintDate(): Date {
  const [date, setDate] = useState(() => new Date());
  useEffect(() => {
    const refresh = () => flushSync(() => setDate(new Date()));
    window.addEventListener('beforeprint', refresh);
    return () => window.removeEventListener('beforeprint', refresh);
  }, []);
  return date;
}
