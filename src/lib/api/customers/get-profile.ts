import { http } from '../http.ts';
import { call } from '../call.ts';
import { profileSchema, type Profile } from './contract.ts';

export function getProfile(guid: string): Promise<Profile> {
  return call(profileSchema, () => http.get(`customers/${guid}`));
}
