// The IFC corpus the specs import real models from: IFC_CORPUS, else ../shared/ifc beside the repository.
import path from 'node:path';

export const corpusFile = (name: string): string => path.join(process.env.IFC_CORPUS ?? path.resolve('../shared/ifc'), name);
