/** Shell state: sidebar shown/hidden/unfoldable and the colour theme (SPEC §2). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isSessionEnd } from '@/lib/session/session-slice';
import { DEFAULT_THEME, type Theme } from '@/lib/theme';

interface UiState {
  /** undefined = CoreUI decides by screen width (shown on desktop, hidden on mobile). */
  sidebarVisible: boolean | undefined;
  sidebarUnfoldable: boolean;
  theme: Theme;
}

export function initialUiState(theme: Theme = DEFAULT_THEME): UiState {
  return { sidebarVisible: undefined, sidebarUnfoldable: false, theme };
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState(),
  reducers: {
    sidebarVisibilityChanged: (state, action: PayloadAction<boolean>) => {
      state.sidebarVisible = action.payload;
    },
    sidebarToggled: (state) => {
      state.sidebarVisible = !(state.sidebarVisible ?? true);
    },
    sidebarUnfoldableToggled: (state) => {
      state.sidebarUnfoldable = !state.sidebarUnfoldable;
    },
    themeChanged: (state, action: PayloadAction<Theme>) => {
      state.theme = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Logout clears the stored theme (SPEC §4), so the page returns to the default light theme.
    builder.addMatcher(isSessionEnd, () => initialUiState());
  },
});

export const { sidebarVisibilityChanged, sidebarToggled, sidebarUnfoldableToggled, themeChanged } =
  uiSlice.actions;
export const uiReducer = uiSlice.reducer;
