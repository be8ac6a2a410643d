import type { ImportResponseDto } from './dto/import-response.dto';
import type { Import } from './entities/import.entity';

/** Result fields only when succeeded; error fields only when failed. */
export function toImportResponse(row: Import): ImportResponseDto {
  const base: ImportResponseDto = {
    import_id: row.id,
    status: row.status,
    filename: row.filename,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  if (row.status === 'succeeded') {
    return {
      ...base,
      template_id: row.templateId!,
      template_version: row.templateVersion!,
      page_count: row.pageCount!,
      field_count: row.fieldCount!,
      detector: row.detector!,
      review_required: row.reviewRequired!,
      review_reasons: row.reviewReasons ?? [],
      warnings: row.warnings ?? [],
      carried_over: row.carriedOver ?? 0,
    };
  }
  if (row.status === 'failed') return { ...base, error: row.error!, error_code: row.errorCode! };
  return base;
}
