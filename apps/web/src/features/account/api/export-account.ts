import { useMutation } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { downloadJson } from '@/lib/download';

/** The file name of the export: `media-diet-data-2025-01-15.json`. */
export function exportFileName(serviceName: string, now: Date = new Date()): string {
  const slug =
    serviceName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'account';
  return `${slug}-data-${now.toISOString().slice(0, 10)}.json`;
}

/** `GET /api/account/export`: everything stored about the user, offered as a JSON file. */
export function useExportAccount(serviceName: string) {
  return useMutation({
    mutationFn: () => apiRequest(extraApi.accountExport),
    onSuccess: (data) => downloadJson(data, exportFileName(serviceName)),
  });
}
