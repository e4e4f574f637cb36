export const customProductKeys = {
  all: ['custom-products'] as const,
  users: () => [...customProductKeys.all, 'users'] as const,
  userProducts: (userId: number) => [...customProductKeys.all, 'user-products', userId] as const,
};
