export function HistoryView() {
  return null;
}
