import { dayScheduleBodySchema, type DaySchedule } from '@/api/schemas/notification';
import { z } from '@/api/zod';
import { hhmm } from './notification-words';

/** One day of the schedule as the dialog holds it: times as typed, `HH:MM` in 24-hour time. */
export interface DayForm {
  off: boolean;
  from: string;
  to: string;
}

const timeText = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** `08:30` as the service's HHMM (830); undefined for anything that is not a time of day. */
export function hhmmOf(text: string): number | undefined {
  const match = timeText.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

const timeField = z.string().refine((text) => hhmmOf(text) !== undefined, {
  error: 'A time of day as HH:MM, 00:00 to 23:59.',
});

/**
 * The dialog's rules are the service's: the day goes through the documented body's own schema
 * (HHMM from 0 to 2359, `from` not after `to`), the end's refusal said in the operator's words.
 */
export const dayFormSchema = z
  .object({ off: z.boolean(), from: timeField, to: timeField })
  .superRefine((form, ctx) => {
    const day = dayScheduleBodySchema.safeParse(dayOf(form));
    if (hhmmOf(form.from) !== undefined && hhmmOf(form.to) !== undefined && !day.success)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start.' });
  });

/** The service's day a valid form stands for. */
export function dayOf(form: DayForm): DaySchedule {
  return { from: hhmmOf(form.from) ?? 0, to: hhmmOf(form.to) ?? 0, dnd: form.off };
}

export const formOf = (day: DaySchedule): DayForm => ({
  off: day.dnd,
  from: hhmm(day.from),
  to: hhmm(day.to),
});
