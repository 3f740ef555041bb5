// Realistic values for the OpenAPI document: 24-hex ids, ISO 8601 dates, the Portuguese messages.
import { buildBrCode } from '../service/br-code.js';

export const ids = {
  customer: '65f1a2b3c4d5e6f7a8b9c0d1',
  existingCustomer: '65f1a2b3c4d5e6f7a8b9c0d2',
  pixKey: '65f1a2b3c4d5e6f7a8b9c0e3',
  withdrawCurrency: '65f1a2b3c4d5e6f7a8b9c0a4',
  depositCurrency: '65f1a2b3c4d5e6f7a8b9c0a5',
  withdrawal: '65f1a2b3c4d5e6f7a8b9c0f6',
  deposit: '65f1a2b3c4d5e6f7a8b9c0f7',
} as const;

export const examples = {
  tokenRequest: { email: 'financeiro@loja.example', password: 'S3nh@-Muito-Forte' },
  tokenResponse: {
    token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NWYxYTJiM2M0ZDVlNmY3YThiOWMwMDEiLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6MTczNjk4NTYwMH0.3q2-7w9hYbq1mZ3vWkFxO0yTt8cQe6uJrP4sLnKdA1E',
  },
  pixKeyInput: { key: 'ana.souza@example.com', type: 'EMAIL' },
  pixKey: { key: 'ana.souza@example.com', type: 'EMAIL', _id: ids.pixKey },
  maskedPixKey: { key: '444***********', type: 'CPF', _id: '65f1a2b3c4d5e6f7a8b9c0e8' },
  withdrawCurrency: {
    _id: ids.withdrawCurrency,
    name: 'BRL',
    type: 'PIX',
    symbol: 'R$',
    createdDate: '2024-03-13T14:02:11.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
    __v: 0,
    supplierFeeByActivity: {
      servicetreeal: { type: 'FIXED', value: 0.5 },
      servicetreealliquidity: { type: 'PERCENTAGE', value: 1.25 },
    },
  },
  depositCurrency: {
    _id: ids.depositCurrency,
    name: 'BRL',
    type: 'PIX',
    symbol: 'R$',
    createdDate: '2024-03-13T14:02:11.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
    __v: 0,
  },
  customerInput: { name: 'Ana Souza', document: '12345678909', email: 'ana.souza@example.com' },
  customerUpdate: {
    name: 'Ana Souza Lima',
    document: '12345678909',
    email: 'ana.lima@example.com',
    phone: '+5511987654321',
  },
  customer: {
    _id: ids.customer,
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    document: '12345678909',
    version: 0,
    createdDate: '2025-01-20T09:30:00.000Z',
    updatedDate: '2025-01-20T09:30:00.000Z',
  },
} as const;

export const withdrawalRequestExample = {
  amount: 10.5,
  customerId: ids.customer,
  currency: examples.withdrawCurrency,
  pixKey: examples.pixKey,
  externalId: 'pedido-4242',
};
export const depositRequestExample = {
  amount: 25,
  customerId: ids.customer,
  currency: examples.depositCurrency,
  externalId: 'pedido-4243',
};
export const depositForNewCustomerExample = {
  amount: 25,
  customer: {
    name: 'Bruno Lima',
    document: '52998224725',
    email: 'bruno.lima@example.com',
    phone: '+5511912345678',
  },
  currency: examples.depositCurrency,
};
export const withdrawalDetailsExample = {
  _id: ids.withdrawal,
  customerId: ids.customer,
  externalId: 'pedido-4242',
  document: '12345678909',
  identifiedDocumentPix: true,
  currency: { name: 'BRL', type: 'PIX', amount: 10.5, status: 'PAID' },
};
export const depositDetailsExample = {
  _id: ids.deposit,
  customerId: ids.customer,
  externalId: 'pedido-4243',
  document: '12345678909',
  currency: { name: 'BRL', type: 'PIX', amount: 25, status: 'WAITING_PAYMENT' },
};
// A dynamic BR Code with a valid CRC, laid out as the mock's (and the provider's example).
export const brCodeExample = buildBrCode({
  location: 'pix.payments.test/qr/v3/at/3f0c6a1e-8b2d-4c4e-9a7b-2d5e8f1a6c90',
  amountCents: 2500,
  merchantName: 'Loja Ltda',
  merchantCity: 'Sao Paulo',
});
export const webhookWithdrawalExample = {
  id: ids.withdrawal,
  customerId: ids.customer,
  status: 'PAID',
  name: 'BRL',
  type: 'PIX',
  amount: 10.5,
  operation: 'WITHDRAW',
  externalId: 'pedido-4242',
};
export const webhookDepositExample = {
  id: ids.deposit,
  customerId: ids.customer,
  status: 'PAID',
  name: 'BRL',
  type: 'PIX',
  amount: 25,
  operation: 'DEPOSIT',
  externalId: 'pedido-4243',
};

// Answers of the create operations, shown both as component examples and as response examples.
export const pixKeyAddedExample = {
  message: 'Chave Pix adicionada com sucesso',
  key: examples.pixKey,
};
export const withdrawalCreatedExample = {
  message: 'Solicitação de Saque realizada com sucesso',
  status: 'PENDING',
  _id: ids.withdrawal,
};
export const depositCreatedExample = {
  message: 'Pix Gerado com Sucesso',
  data: {
    status: 'WAITING_PAYMENT',
    code: brCodeExample,
    id: ids.deposit,
    customerId: ids.customer,
  },
};
export const customerCreatedExample = {
  message: 'Novo cliente criado com sucesso',
  customer: {
    _id: ids.customer,
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    document: '12345678909',
  },
};
export const customerExistsExample = {
  message: 'Cliente já está cadastrado na base de dados',
  customer: { _id: ids.existingCustomer },
};

// The company area (per the provider's "Empresa" pages).
export const cryptoExamples = {
  cryptocurrency: {
    _id: '65f1a2b3c4d5e6f7a8b9c0b1',
    name: 'USDT',
    symbol: 'USDT',
    coinGecko: 'tether',
    createdDate: '2024-11-12T18:14:48.380Z',
    updatedDate: '2024-11-15T05:53:32.979Z',
    __v: 0,
  },
  blockchainNetwork: {
    _id: '65f1a2b3c4d5e6f7a8b9c0b2',
    name: 'BEP-20',
    chain: 'BSC',
    chainId: '56',
    symbol: 'BNB',
    createdDate: '2024-11-12T18:30:42.000Z',
    updatedDate: '2024-11-12T18:30:42.000Z',
    __v: 0,
  },
} as const;

export const balanceListExample = [
  { currency: { type: 'PIX', name: 'BRL' }, totalAmount: 1520.75, totalHeld: 250 },
  { cryptocurrency: { name: 'USDT', symbol: 'USDT' }, totalAmount: 0.866938 },
];

export const balanceFilterExample = { currency: withoutFees(examples.withdrawCurrency) };

const percentFee = { type: 'PERCENTAGE', value: 1 } as const;

// The provider's example sends the currency objects without their fees.
function withoutFees<T extends object>(currency: T): Omit<T, 'supplierFeeByActivity'> {
  const { supplierFeeByActivity: _fees, ...rest } = currency as T & {
    supplierFeeByActivity?: unknown;
  };
  return rest;
}

export const subAccountRequestExample = {
  user: {
    name: 'Loja B Comércio Ltda',
    email: 'financeiro@loja-b.example',
    password: 'Outr@-Senh@-Forte',
    phone: { type: 'mobile', number: '987654321', areaCode: '11', countryCode: '55' },
  },
  deposit: {
    currencies: [{ currency: withoutFees(examples.depositCurrency), fee: percentFee }],
    blockchainNetworks: [{ blockchainNetwork: cryptoExamples.blockchainNetwork, fee: percentFee }],
    cryptocurrencies: [{ cryptocurrency: cryptoExamples.cryptocurrency, fee: percentFee }],
  },
  withdraw: {
    currencies: [
      {
        currency: withoutFees(examples.withdrawCurrency),
        fee: { type: 'FIXED', value: 1.5 },
      },
    ],
    blockchainNetworks: [],
    cryptocurrencies: [],
  },
};

export const subAccountWebhookExample = {
  name: 'Primeiro Webhook',
  externalWebhookUrl: 'https://loja-b.example/webhooks/pix',
};

export const withdrawalIpExample = { ip: '203.0.113.7' };
