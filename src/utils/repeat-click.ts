/**
 * The second (or third) click of a multi-click: part of the gesture that started with the first,
 * never a new intent, so action buttons ignore it. Keyboard activation reports 0.
 */
export const isRepeatClick = (event: { detail: number }): boolean => event.detail > 1;
