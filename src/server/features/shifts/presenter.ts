import type { ShiftAssignment } from '../../../shared/api/shifts';
import { minuteToTime } from '../../../shared/domain/shifts';

export interface AssignmentRow {
  id: string;
  entrypointId: string | null;
  teamId: string | null;
  profileId: string;
  fullName: string | null;
  email: string;
  day: string;
  startMinute: number;
  endMinute: number;
}

/** One assignment as the plan shows it: whole day without times, else local HH:MM. */
export function presentAssignment(row: AssignmentRow): ShiftAssignment {
  const wholeDay = row.startMinute === 0 && row.endMinute === 1440;
  return {
    id: row.id,
    targetKind: row.entrypointId ? 'point' : 'team',
    targetId: (row.entrypointId ?? row.teamId)!,
    profileId: row.profileId,
    personName: row.fullName?.trim() || row.email,
    day: row.day,
    startTime: wholeDay ? null : minuteToTime(row.startMinute),
    endTime: wholeDay ? null : minuteToTime(row.endMinute),
  };
}
