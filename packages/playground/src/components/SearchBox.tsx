import { type ReactNode, useId } from 'react';

/**
 * The search toolbar of the playground's long views (the transactions, the state tree, the request
 * log): a labelled
 * search field, the view's own controls after it, and a status that screen readers announce (how
 * many rows match).
 */
export function SearchBox({
  label = 'Search',
  query,
  onQuery,
  placeholder,
  status,
  statusClassName = 'small',
  children,
}: {
  /** The field's label (default Search). */
  label?: string;
  query: string;
  onQuery: (query: string) => void;
  placeholder: string;
  /** What the search found, announced politely. */
  status: ReactNode;
  statusClassName?: string;
  /** The view's own controls (filters, buttons), between the field and the status. */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="toolbar">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder={placeholder}
        onChange={(e) => onQuery(e.target.value)}
      />
      {children}
      <span className={`muted ${statusClassName}`} aria-live="polite">
        {status}
      </span>
    </div>
  );
}
