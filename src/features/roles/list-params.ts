import { z } from '@/api/zod';
import { pageParam, perPageParam } from '@/utils/list-state';

export const rolePageSizes = [10, 25, 50, 100] as const;

/** The roles list's page and page size in the URL (`?page=2&perPage=50`). */
export const rolesParams = z.object({ page: pageParam, perPage: perPageParam(rolePageSizes, 25) });
