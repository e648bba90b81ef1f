import type { GenerateDescriptionsBody, MachineCopyResponse, TranslateDescriptionsBody } from '@kontor/contract';
import { api } from '@/lib/api-client';

/** POST translate/: proposals only, nothing is stored until the operator accepts them. */
export const translateDescriptions = (body: TranslateDescriptionsBody) => api.post<MachineCopyResponse>('/catalog/product_descriptions_bulk/translate/', body);

/** POST generate/: proposals written from the product name, SKU and supplier data. */
export const generateDescriptions = (body: GenerateDescriptionsBody) => api.post<MachineCopyResponse>('/catalog/product_descriptions_bulk/generate/', body);
