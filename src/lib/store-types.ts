/**
 * Store typing that lib and features may use without importing the app layer: thunks get the
 * http client as their extra argument; dispatch understands thunks.
 */
import { createAsyncThunk, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ApiErrorData, HttpClient } from './http';
import type { SessionRootState } from './session/session-slice';

export interface ThunkExtra {
  http: HttpClient;
}

export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: SessionRootState;
  extra: ThunkExtra;
  rejectValue: ApiErrorData;
}>();

export type LibDispatch = ThunkDispatch<SessionRootState, ThunkExtra, UnknownAction>;
export const useLibDispatch = useDispatch.withTypes<LibDispatch>();
