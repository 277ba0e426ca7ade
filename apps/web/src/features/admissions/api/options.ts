import type { Option, OptionsResult } from '../../../components/crud/types';

/** A select's options from a query's data and state. */
export const optionsResult = (
  options: Option[],
  query: { isPending: boolean; isError: boolean },
): OptionsResult => ({ options, loading: query.isPending, failed: query.isError });
