import { DateRange, PickersProvider } from './DateInput';

/** A from–to filter, loaded only by the lists that declare one (the date pickers are large). */
export default function DateRangeFilter(props: Parameters<typeof DateRange>[0]) {
  return (
    <PickersProvider>
      <DateRange {...props} />
    </PickersProvider>
  );
}
